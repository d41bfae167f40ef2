"""A misfit's error keeps its message, path and key when copied or pickled (as
an application passing it between processes does), in either build."""

from __future__ import annotations

import copy
import pickle

from hcldecode.pytypes._lower_errors import LowerError, LowerErrors
from hcldecode.values import AttrStep, IndexStep, Value


def _fields(error: LowerError) -> tuple[object, ...]:
    return (type(error), error.message, error.path, error.key, str(error))


def test_a_lower_error_survives_copy_and_pickle() -> None:
    error = LowerError("a number is required", (AttrStep("ports"), IndexStep(Value.number(1))), "x")
    for same in (copy.copy(error), copy.deepcopy(error), pickle.loads(pickle.dumps(error))):
        assert _fields(same) == _fields(error)
    assert _fields(error) == (
        LowerError,
        "a number is required",
        (AttrStep("ports"), IndexStep(Value.number(1))),
        "x",
        'attribute "ports": element 1: a number is required',
    )


def test_several_misfits_survive_copy_and_pickle() -> None:
    errors = LowerErrors([LowerError("too short", (AttrStep("a"),)), LowerError("too long")])
    for same in (copy.copy(errors), pickle.loads(pickle.dumps(errors))):
        assert _fields(same) == _fields(errors)
        assert [_fields(e) for e in same.errors] == [_fields(e) for e in errors.errors]


def test_an_application_may_derive_from_it() -> None:
    class PortError(LowerError):
        pass

    assert _fields(PortError("bad port", (), None)) == (PortError, "bad port", (), None, "bad port")
