"""Sensitive fields of pydantic models: declared by a marker or by the field's
``json_schema_extra``, and pydantic's own messages about them do not show them.

Without pydantic the whole module is one skipped line.
"""

from __future__ import annotations

from typing import Annotated

import pytest

from extras import need

pydantic = need("pydantic")

from decoding_helpers import problems, span  # noqa: E402
from pydantic import BaseModel, Field, field_validator  # noqa: E402

import hcldecode as hcl  # noqa: E402
from hcldecode.write import parse_document  # noqa: E402

pytestmark = pytest.mark.pydantic

VARIABLES = {"var": {"db_password": hcl.sensitive("hunter2")}}


class Login(BaseModel):
    password: str = Field(json_schema_extra={"sensitive": True})
    token: Annotated[str, hcl.attr(sensitive=True)] = ""
    user: str = "app"

    @field_validator("password", "token")
    @classmethod
    def long_enough(cls, value: str) -> str:
        if value and len(value) < 10:
            raise ValueError(f"{value} is too short")
        return value


def test_a_pydantic_field_declared_sensitive_hides_its_value_in_pydantic_messages() -> None:
    text = "password = var.db_password\ntoken = var.db_password\n"
    detail = 'The value of "{}" is not valid: (sensitive value) is too short'
    assert problems(text, Login, variables=VARIABLES) == [
        ("Invalid attribute value", detail.format("password"), span(text, "var.db_password")),
        ("Invalid attribute value", detail.format("token"), span(text, "var.db_password", 1)),
    ]


def test_a_pydantic_field_not_declared_sensitive_refuses_a_sensitive_value() -> None:
    text = 'password = "a long enough password"\nuser = var.db_password\n'
    assert [p[0] for p in problems(text, Login, variables=VARIABLES)] == [
        "Sensitive value not allowed"
    ]
    obj = hcl.loads(
        "password = var.db_password\n",
        Login,
        variables={"var": {"db_password": hcl.sensitive("x" * 12)}},
    )
    assert obj.password == "x" * 12


class Vault(BaseModel):
    token: pydantic.SecretStr
    backup: pydantic.SecretStr | None = None
    user: str = "app"


def test_a_secret_str_field_is_sensitive() -> None:
    text = "token = var.db_password # from the vault\n"
    vault = hcl.loads(text, Vault, variables=VARIABLES)
    assert vault.token.get_secret_value() == "hunter2"
    assert hcl.loads('token = "x"\nbackup = var.db_password\n', Vault, variables=VARIABLES)
    document, _ = parse_document(text)
    hcl.update_document(document, vault.model_copy(update={"user": "ops"}), variables=VARIABLES)
    assert document.text == text + 'user = "ops"\n'
    with pytest.raises(ValueError) as refused:
        hcl.update_document(
            document,
            vault.model_copy(update={"token": pydantic.SecretStr("other")}),
            variables=VARIABLES,
        )
    assert str(refused.value).startswith("token: the value is sensitive, and its expression")
    with pytest.raises(ValueError):
        hcl.dumps(vault)
