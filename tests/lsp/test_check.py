"""The check of a document (no pygls needed): Python's cycle collector is paused
while it parses and decodes, and left as it was."""

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
    finally:
        (gc.enable if was else gc.disable)()


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
