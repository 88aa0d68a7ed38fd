"""A small progress bar on stderr (no dependency): games done, rate, time left."""

from __future__ import annotations

import sys
import time
from typing import TextIO


class ProgressBar:
    def __init__(self, total: int, label: str = "games", stream: TextIO | None = None,
                 width: int = 30) -> None:
        self.total = total
        self.done = 0
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.width = width
        self.t0 = time.perf_counter()
        self._first: tuple[float, int] | None = None
        """When the first results came and how many: the rate is measured from there, so the
        workers' start-up (imports, warming) does not count as playing time."""
        self._last = 0.0
        self._tty = bool(getattr(self.stream, "isatty", lambda: False)())

    def __call__(self, n: int) -> None:
        self.done += n
        now = time.perf_counter()
        if self._first is None:
            self._first = (now, self.done)
        # on a terminal redraw at most 10 times a second; in a log file, about every 10 %
        step = 0.1 if self._tty else 5.0
        if self.done >= self.total or now - self._last >= step:
            self._last = now
            self._draw(now)

    def line(self, now: float | None = None) -> str:
        dt = (now if now is not None else time.perf_counter()) - self.t0
        frac = self.done / self.total if self.total else 1.0
        fill = int(self.width * frac)
        rate = 0.0
        if self._first is not None:
            t1, d1 = self._first
            t = (now if now is not None else time.perf_counter()) - t1
            rate = (self.done - d1) / t if t > 0 and self.done > d1 else 0.0
        left = (self.total - self.done) / rate if rate > 0 else 0.0
        return (f"[{'#' * fill}{'.' * (self.width - fill)}] {self.done}/{self.total} {self.label} "
                f"{rate:6.1f}/s  {dt:5.1f}s elapsed  {left:5.1f}s left")

    def _draw(self, now: float) -> None:
        end = "\n" if not self._tty or self.done >= self.total else ""
        self.stream.write(("\r" if self._tty else "") + self.line(now) + end)
        self.stream.flush()
