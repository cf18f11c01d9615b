"""Every command block of README.md and docs/*.md marked as runnable runs as written,
in order, in a fresh folder (with the examples beside it): a doc that drifts from the
code fails here. Blocks that install, serve or change the shell are not marked."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MARK = "<!-- runs: tests/test_docs_run.py -->"
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def runnable(doc: Path) -> list[str]:
    """The marked ```sh blocks of ``doc``, in order."""
    pattern = re.escape(MARK) + r"\n```sh\n(.*?)```"
    return re.findall(pattern, doc.read_text("utf-8"), re.DOTALL)


@pytest.mark.parametrize("doc", [d for d in DOCS if runnable(d)], ids=lambda d: d.name)
def test_the_doc_runs_as_written(doc: Path, tmp_path: Path) -> None:
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    script = "set -euo pipefail\n" + "\n".join(runnable(doc))
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    done = subprocess.run(["bash", "-c", script], cwd=tmp_path, env=env, text=True,
                          input="3 5\n" * 50, capture_output=True, timeout=900, check=False)
    assert done.returncode == 0, f"{doc.name}: {done.stderr[-2000:]}"
    assert "Traceback" not in done.stderr


def test_every_runnable_block_is_found() -> None:
    marked = sum(doc.read_text("utf-8").count(MARK) for doc in DOCS)
    assert marked == sum(len(runnable(doc)) for doc in DOCS) >= 10
