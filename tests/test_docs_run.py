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
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def runnable(doc: Path) -> list[str]:
    """The marked ```sh blocks of ``doc``, in order."""
    pattern = re.escape(MARK) + r"\n```sh\n(.*?)```"
    return re.findall(pattern, doc.read_text("utf-8"), re.DOTALL)


def run(doc: Path, folder: Path, prelude: str = "", **env: str) -> subprocess.CompletedProcess:
    """Run the runnable blocks of ``doc`` in ``folder`` (after ``prelude``)."""
    shutil.copytree(ROOT / "examples", folder / "examples")
    script = "set -euo pipefail\n" + prelude + "\n".join(runnable(doc))
    path = f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"
    return subprocess.run(["bash", "-c", script], cwd=folder, env={**os.environ, **env,
                          "PATH": path}, text=True, input="3 5\n" * 50, capture_output=True,
                          timeout=900, check=False)


RUNNABLE = [d for d in DOCS if runnable(d)]


@pytest.mark.parametrize("doc", RUNNABLE, ids=lambda d: d.name)
def test_the_doc_runs_as_written(doc: Path, tmp_path: Path) -> None:
    done = run(doc, tmp_path)
    assert done.returncode == 0, f"{doc.name}: {done.stderr[-2000:]}"
    assert "Traceback" not in done.stderr


#: Three English words in a row: a sentence the catalogue did not translate.
ENGLISH_PROSE = re.compile(r"\b[a-z]{3,} [a-z]{3,} [a-z]{3,}\b")


@pytest.mark.parametrize("doc", RUNNABLE, ids=lambda d: d.name)
def test_the_doc_speaks_japanese_throughout(doc: Path, tmp_path: Path) -> None:
    """The same commands under a Japanese locale: every report, message and refusal of
    the companion is Japanese (ids, notation and commands to type aside). pnp is quiet
    here: it speaks English whatever the locale (its --lang is the printed language)."""
    done = run(doc, tmp_path, "pnp() { command pnp \"$@\" > /dev/null 2>&1; }\n",
               LANGUAGE="ja")
    assert done.returncode == 0, f"{doc.name}: {done.stderr[-2000:]}"
    english = [line for line in (done.stdout + done.stderr).splitlines()
               if ENGLISH_PROSE.search(line.split("companion ", 1)[0])
               and not line.lstrip().startswith(("{", '"', "[", "<", "#"))]
    assert not english, english[:5]


def test_every_runnable_block_is_found() -> None:
    marked = sum(doc.read_text("utf-8").count(MARK) for doc in DOCS)
    assert marked == sum(len(runnable(doc)) for doc in DOCS) >= 10
