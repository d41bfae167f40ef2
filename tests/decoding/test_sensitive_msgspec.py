"""A msgspec Struct's field declared sensitive by ``msgspec.Meta(extra={"sensitive": True})``.

Without msgspec the whole module is one skipped line.
"""

from __future__ import annotations

from typing import Annotated

import pytest

from extras import need

msgspec = need("msgspec")

from decoding_helpers import problems, span  # noqa: E402

import hcldecode as hcl  # noqa: E402

pytestmark = pytest.mark.msgspec


class Login(msgspec.Struct):
    password: Annotated[str, msgspec.Meta(extra={"sensitive": True})]
    user: str = "app"


def test_a_struct_field_declared_sensitive_by_its_meta() -> None:
    variables = {"var": {"db_password": hcl.sensitive("hunter2")}}
    assert hcl.loads("password = var.db_password\n", Login, variables=variables) == Login("hunter2")
    text = 'password = "x"\nuser = var.db_password\n'
    assert [(p[0], p[2]) for p in problems(text, Login, variables=variables)] == [
        ("Sensitive value not allowed", span(text, "var.db_password"))
    ]
