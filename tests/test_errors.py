"""One error base: every exception hcldecode raises for a configuration, schema or
value problem is a ``hcldecode.Error``, and keeps its built-in base."""

from __future__ import annotations

import dataclasses
import importlib
import importlib.util
import inspect
import pkgutil

import pytest

import hcldecode as hcl

# Exceptions that never leave hcldecode: each is caught where it is raised and
# becomes a diagnostic or a function error, so callers never see it.
INTERNAL = {
    "StringError": "a JSON string's bad escape, reported as a diagnostic by the JSON parser",
    "TimeParseError": "Go's time parsing, reported by the time functions as a FunctionError",
    "DurationError": "Go's duration parsing, reported by timeadd as a FunctionError",
    "CSVError": "Go's CSV reader, reported by csvdecode as a FunctionError",
    "RE2Error": "Go's pattern syntax errors, reported by the regex functions",
    "Unsupported": "a pattern Python's re cannot run safely, reported by the regex functions",
    "BudgetExhausted": "an evaluation's budget ran out, reported once as Expression too costly "
    "by the entry point that opened the budget",
    "Stop": "the JSON parser abandoning a structure after an error it has reported",
    "LowerErrors": "the misfits one leaf found (a cattrs validation error), each reported "
    "by the lowering at its own path",
}

# Every public exception class and the built-in base it keeps besides hcl.Error.
EXPECTED_BASES = {
    "CommandError": Exception,
    "ConversionError": ValueError,
    "DecodeError": ValueError,
    "DuplicateNameError": RuntimeError,
    "Error": Exception,
    "FunctionArgError": Exception,
    "FunctionError": Exception,
    "HCLError": ValueError,
    "InvalidFields": ValueError,
    "LowerError": ValueError,
    "NumberRangeError": ValueError,
    "OperationError": ValueError,
    "PythonHcl2Error": ValueError,
    "SchemaError": TypeError,
    "UsageError": Exception,
}


# Modules that need an optional extra, with the module each needs.
NEEDS = {"hcldecode.settings": "pydantic_settings", "hcldecode.lsp._server": "pygls"}


def _exception_classes() -> dict[str, type[BaseException]]:
    found: dict[str, type[BaseException]] = {}
    modules = [hcl.__name__] + [
        info.name for info in pkgutil.walk_packages(hcl.__path__, prefix="hcldecode.")
    ]
    for name in modules:
        if name.endswith("__main__"):
            continue
        if name in NEEDS and importlib.util.find_spec(NEEDS[name]) is None:
            continue
        module = importlib.import_module(name)
        for cls_name, cls in inspect.getmembers(module, inspect.isclass):
            if (
                issubclass(cls, BaseException)
                and cls.__module__ == name
                and not cls_name.startswith("_")
            ):
                found[cls_name] = cls
    return found


def test_every_exception_derives_from_hcldecode_error() -> None:
    classes = _exception_classes()
    public = {name: cls for name, cls in classes.items() if name not in INTERNAL}
    assert set(classes) - set(public) == set(INTERNAL)
    assert [name for name, cls in public.items() if not issubclass(cls, hcl.Error)] == []
    assert set(public) == set(EXPECTED_BASES)


@pytest.mark.parametrize(("name", "builtin"), sorted(EXPECTED_BASES.items()))
def test_each_keeps_its_builtin_base(name: str, builtin: type[BaseException]) -> None:
    cls = _exception_classes()[name]
    assert issubclass(cls, hcl.Error)
    assert issubclass(cls, builtin)
    # The nearest built-in base, as before Error existed.
    assert next(b for b in cls.__mro__ if b.__module__ == "builtins") is builtin


def test_the_root_and_the_values_layer_export_one_error() -> None:
    assert hcl.values.Error is hcl.Error
    assert issubclass(hcl.DecodeError, hcl.model.HCLError)
    assert hcl.SchemaError.__mro__[1:3] == (hcl.Error, TypeError)
    with pytest.raises(hcl.Error) as caught:
        hcl.loads("port = 1\n", dict)
    assert type(caught.value) is hcl.SchemaError
    with pytest.raises(hcl.Error) as caught:
        hcl.loads("port = ", Port)
    assert type(caught.value) is hcl.DecodeError
    with pytest.raises(hcl.Error) as caught:
        hcl.values.convert(hcl.Value.string("x"), hcl.values.NUMBER)
    assert type(caught.value) is hcl.values.ConversionError
    assert str(caught.value) == "a number is required"


@dataclasses.dataclass
class Port:
    port: int
