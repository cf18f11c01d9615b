from __future__ import annotations

import json
import os

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion import ledger
from companion.errors import InputError
from companion.files import dump_json, read_text, write_atomic

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=6), inner,
                                                                  max_size=5),
    max_leaves=30,
)


@given(json_values)
def test_dump_json_reads_back(value):
    assert json.loads(dump_json(value)) == value


def test_write_atomic_replaces_whole_files_and_leaves_no_temporaries(tmp_path):
    target = tmp_path / "deep" / "state.json"
    write_atomic(target, "one")
    write_atomic(target, b"two")
    assert target.read_text() == "two"
    assert os.listdir(target.parent) == ["state.json"]


@pytest.fixture()
def forced():
    """--force: a file of no known kind is replaced on purpose."""
    ledger.allow_replacing(True)
    yield
    ledger.forget()


def test_write_atomic_failure_keeps_the_old_file(tmp_path, monkeypatch, forced):
    target = tmp_path / "state.json"
    target.write_text("old")

    def broken(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(InputError, match="cannot write: No space left"):
        write_atomic(target, "new")
    assert target.read_text() == "old"
    assert os.listdir(tmp_path) == ["state.json"]


def test_unwritable_place_is_named(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(InputError, match="cannot write here"):
        write_atomic(blocker / "sub" / "out.json", "x")


def test_read_text_errors_name_the_file(tmp_path):
    with pytest.raises(InputError, match="is a folder"):
        read_text(tmp_path)
    binary = tmp_path / "b.json"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(InputError, match="not UTF-8"):
        read_text(binary)
