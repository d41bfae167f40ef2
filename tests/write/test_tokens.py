"""Writer token kinds are the native scanner's token kinds, one for one."""

from __future__ import annotations

from hcldecode.native import _scanner
from hcldecode.write import TokenKind


def test_every_scanner_kind_is_a_token_kind() -> None:
    scanner_kinds = {
        name: value
        for name, value in vars(_scanner).items()
        if name.isupper() and not name.startswith("_") and type(value) is int
    }
    assert scanner_kinds == {kind.name: kind.value for kind in TokenKind}
    assert sorted(TokenKind) == list(range(len(TokenKind)))
