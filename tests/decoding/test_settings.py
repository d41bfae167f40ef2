"""hcldecode.settings: an HCL file as a source of pydantic-settings.

Without pydantic-settings the whole module is one skipped line.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import pytest

from extras import need

need("pydantic")
need("settings")

from decoding_helpers import listed, span  # noqa: E402
from pydantic import BaseModel, Field, ValidationError, field_validator  # noqa: E402
from pydantic_settings import BaseSettings, SettingsConfigDict  # noqa: E402

import hcldecode as hcl  # noqa: E402
from hcldecode.settings import HclSettingsSource  # noqa: E402

pytestmark = [pytest.mark.settings, pytest.mark.pydantic]


class Database(BaseModel):
    host: str
    port: int = Field(5432, gt=0)


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="APP_", env_nested_delimiter="__")

    name: str
    port: int = Field(8080, gt=0)
    database: Annotated[Database | None, hcl.block()] = None
    debug: bool = False
    region: str = Field("eu", alias="Region")

    @field_validator("name")
    @classmethod
    def _short(cls, name: str) -> str:
        if len(name) > 8:
            raise ValueError("the name is too long")
        return name

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: Any,
        env_settings: Any,
        dotenv_settings: Any,
        file_secret_settings: Any,
    ) -> tuple[Any, ...]:
        source = HclSettingsSource(
            settings_cls,
            _FILE["path"],
            variables={"stage": "prod"},
            functions={"shout": str.upper},
        )
        return (init_settings, env_settings, source)


_FILE: dict[str, Path] = {}


@pytest.fixture
def settings_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for name in ("APP_NAME", "APP_PORT", "APP_DEBUG", "APP_DATABASE__PORT", "APP_REGION"):
        monkeypatch.delenv(name, raising=False)
    path = tmp_path / "settings.hcl"
    monkeypatch.setitem(_FILE, "path", path)
    return path


def test_the_file_gives_settings_with_variables_and_functions(settings_file: Path) -> None:
    settings_file.write_text(
        'name = shout(stage)\nRegion = "us"\n\ndatabase {\n  host = "db-${stage}"\n}\n'
    )
    settings = Settings()
    assert settings.model_dump() == {
        "name": "PROD",
        "port": 8080,
        "database": {"host": "db-prod", "port": 5432},
        "debug": False,
        "region": "us",
    }


def test_environment_variables_win_and_merge_into_blocks(
    settings_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings_file.write_text('name = "app"\nport = 1\ndatabase {\n  host = "db"\n}\n')
    monkeypatch.setenv("APP_PORT", "2")
    monkeypatch.setenv("APP_DATABASE__PORT", "6000")
    settings = Settings()
    assert (settings.port, settings.database) == (2, Database(host="db", port=6000))
    assert Settings(port=3).port == 3  # the arguments come first


def test_a_field_the_file_leaves_out_comes_from_elsewhere(
    settings_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings_file.write_text("port = 81\n")
    monkeypatch.setenv("APP_NAME", "env")
    assert (Settings().name, Settings().port) == ("env", 81)
    monkeypatch.delenv("APP_NAME")
    with pytest.raises(ValidationError) as info:  # no source gives it: pydantic's own error
        Settings()
    assert [(e["type"], e["loc"]) for e in info.value.errors()] == [("missing", ("name",))]


def test_a_missing_file_gives_nothing(settings_file: Path) -> None:
    assert Settings(name="x").port == 8080


def test_every_mistake_in_the_file_is_a_diagnostic(settings_file: Path) -> None:
    text = 'name = "a-very-long-name"\nport = 0\nprot = 1\ndatabase {\n  port = "x"\n}\n'
    settings_file.write_text(text)
    with pytest.raises(hcl.DecodeError) as info:
        Settings()
    file = str(settings_file)
    assert listed(info.value) == [
        (
            "Invalid attribute value",
            'The value of "name" is not valid: the name is too long',
            span(text, '"a-very-long-name"', filename=file),
        ),
        (
            "Invalid attribute value",
            'The value of "port" is not valid: Input should be greater than 0',
            span(text, "0", filename=file),
        ),
        (
            "Unsupported argument",
            'An argument named "prot" is not expected here.',
            span(text, "prot", filename=file),
        ),
        (
            "Missing required argument",
            'The argument "host" is required, but no definition was found.',
            span(text, "database {", part="{", empty=True, filename=file),
        ),
        (
            "Unsuitable value type",
            "Unsuitable value: a number is required.",
            span(text, '"x"', filename=file),
        ),
    ]


def test_json_syntax_by_the_files_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "settings.hcl.json"
    path.write_text('{"name": "${stage}", "database": {"host": "h"}}')
    monkeypatch.setitem(_FILE, "path", path)
    monkeypatch.delenv("APP_NAME", raising=False)
    settings = Settings()
    assert (settings.name, settings.database) == ("prod", Database(host="h"))


def test_the_source_names_its_file(settings_file: Path) -> None:
    source = HclSettingsSource(Settings, settings_file)
    assert repr(source) == f"HclSettingsSource(path={str(settings_file)!r})"
    assert source() == {}
