"""A throwaway PostgreSQL cluster for the tests and the server benchmark: ``initdb`` into a
temporary folder with Debian's binaries (``/usr/lib/postgresql/<version>/bin``), ``postgres`` on a
free loopback port, trust authentication, no fsync; removed by :meth:`TempCluster.stop`.

PostgreSQL refuses to run as root, so as root the cluster runs as the ``postgres`` user that
Debian's package creates.
"""

from __future__ import annotations

import glob
import os
import pwd
import secrets
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path


def find_bin() -> Path | None:
    """The newest installed PostgreSQL's bin folder, or None."""
    def version(initdb: str) -> list[int]:
        return [int(x) if x.isdigit() else 0 for x in Path(initdb).parent.parent.name.split(".")]

    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=version)
    return Path(found[-1]).parent if found else None


def missing_reason() -> str | None:
    """Why a cluster cannot be started here (None: it can)."""
    if find_bin() is None:
        return ("PostgreSQL binaries are missing (/usr/lib/postgresql/*/bin): install Debian's "
                "postgresql package (make setup does, as root)")
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            return "running as root and there is no postgres user to run PostgreSQL as"
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class TempCluster:
    def __init__(self) -> None:
        reason = missing_reason()
        if reason:
            raise RuntimeError(reason)
        bindir = find_bin()
        assert bindir is not None
        self.bin = bindir
        self.dir = Path(tempfile.mkdtemp(prefix="tactica-pg-"))
        self.data = self.dir / "data"
        self.port = _free_port()
        self.proc: subprocess.Popen[bytes] | None = None
        self.user: str | None = None
        if os.geteuid() == 0:
            self.user = "postgres"
            pw = pwd.getpwnam("postgres")
            os.chown(self.dir, pw.pw_uid, pw.pw_gid)

    def start(self) -> TempCluster:
        log = self.dir / "initdb.log"
        with open(log, "wb") as out:
            subprocess.run([str(self.bin / "initdb"), "-D", str(self.data), "-U", "postgres", "-A", "trust",
                            "-E", "UTF8", "--no-sync"], check=True, stdout=out, stderr=subprocess.STDOUT,
                           user=self.user)
        self.proc = subprocess.Popen(
            [str(self.bin / "postgres"), "-D", str(self.data), "-p", str(self.port),
             "-c", "listen_addresses=127.0.0.1", "-c", f"unix_socket_directories={self.dir}",
             "-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off",
             "-c", "max_connections=300"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, user=self.user)
        self._wait_ready()
        return self

    def _wait_ready(self, timeout: float = 30.0) -> None:
        import psycopg

        end = time.monotonic() + timeout
        while True:
            try:
                with psycopg.connect(self.conninfo("postgres"), connect_timeout=2):
                    return
            except psycopg.OperationalError:
                if time.monotonic() > end or (self.proc is not None and self.proc.poll() is not None):
                    self.stop()
                    raise RuntimeError("the temporary PostgreSQL did not start") from None
                time.sleep(0.1)

    def conninfo(self, db: str) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{db}"

    def url(self, db: str) -> str:
        """The SQLAlchemy URL of database ``db``."""
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{db}"

    def new_database(self) -> str:
        """A fresh empty database; its SQLAlchemy URL."""
        import psycopg

        name = "t_" + secrets.token_hex(6)
        with psycopg.connect(self.conninfo("postgres"), autocommit=True) as c:
            c.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)  # fast shutdown
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc = None
        shutil.rmtree(self.dir, ignore_errors=True)
