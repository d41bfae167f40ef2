"""The check of a document (no pygls needed): Python's cycle collector is paused
while it parses and decodes when the server is the process, and left as it was;
otherwise it is not touched."""

from __future__ import annotations

import dataclasses
import gc

from hcldecode.lsp._check import Document, Target, check, without_gc


@dataclasses.dataclass
class Config:
    port: int


def test_the_collector_is_paused_and_left_as_it_was() -> None:
    was = gc.isenabled()
    try:
        for enabled in (True, False):
            (gc.enable if enabled else gc.disable)()
            with without_gc():
                assert not gc.isenabled()
            assert gc.isenabled() is enabled
            with without_gc(pause=False):
                assert gc.isenabled() is enabled
    finally:
        (gc.enable if was else gc.disable)()


def test_a_check_pauses_the_collector_only_when_asked() -> None:
    assert gc.isenabled()
    collections: list[int] = []

    def count(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            collections[-1] += 1

    for pause in (False, True):
        document = Document('port = "x"\n' * 3000, "a.hcl", pause_gc=pause)
        collections.append(0)
        gc.callbacks.append(count)
        try:
            found = check(document, Target(Config))
        finally:
            gc.callbacks.remove(count)
        assert gc.isenabled()
        assert found[0].summary == "Attribute redefined"
    assert collections[0] > 0  # the collector ran during the check
    assert collections[1] == 0  # paused


def test_a_check_leaves_the_collector_on() -> None:
    assert gc.isenabled()
    found = check(Document('port = "x"\n', "a.hcl"), Target(Config))
    assert gc.isenabled()
    assert [(d.summary, d.detail, str(d.subject)) for d in found] == [
        (
            "Unsuitable value type",
            "Unsuitable value: a number is required.",
            "a.hcl:1,8-11",
        )
    ]
