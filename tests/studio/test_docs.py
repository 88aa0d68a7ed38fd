"""docs/studio.md's examples run as doctests: the page shows what the studio does today."""

from __future__ import annotations

import doctest
from pathlib import Path

DOC = Path(__file__).parents[2] / "docs" / "studio.md"


def test_studio_doc_examples_run() -> None:
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    result = doctest.testfile(str(DOC), module_relative=False, optionflags=flags, verbose=False)
    assert result.attempted > 20
    assert result.failed == 0
