"""Declarative decoding: configuration classes in, typed objects out."""

from __future__ import annotations

from ._api import (
    Decoder,
    decode,
    decode_block,
    decode_body,
    decode_expression,
    decode_partial,
    dump,
    dumps,
    json_schema,
    load_variables,
    loads,
    references,
    schema_of,
    to_dict,
    update_document,
)
from ._claimed import reject_unclaimed
from ._classinfo import SchemaError
from ._markers import (
    attr,
    attr_range,
    block,
    body,
    def_range,
    label,
    label_range,
    remain,
    type_range,
)
from ._report import Decoded, DecodeError, Partial
from ._sources import parse, parse_config, parse_config_file, parse_file

__all__ = [
    "DecodeError",
    "Decoded",
    "Decoder",
    "Partial",
    "SchemaError",
    "attr",
    "attr_range",
    "block",
    "body",
    "decode",
    "decode_block",
    "decode_body",
    "decode_expression",
    "decode_partial",
    "def_range",
    "dump",
    "dumps",
    "json_schema",
    "label",
    "label_range",
    "load_variables",
    "loads",
    "parse",
    "parse_config",
    "parse_config_file",
    "parse_file",
    "references",
    "reject_unclaimed",
    "remain",
    "schema_of",
    "to_dict",
    "type_range",
    "update_document",
]
