"""CSV as Go's ``encoding/csv`` reads it, for go-cty's ``csvdecode``.

A comma between fields, double quotes around a field that holds commas,
quotes (doubled) or line ends, ``\\r\\n`` read as ``\\n``, empty lines
skipped; no comments, no lazy quotes, no trimming. Errors carry the line
they were found on, as Go's ``csv.ParseError`` does.
"""

from __future__ import annotations

__all__ = ["CSVError", "CSVReader"]

BARE_QUOTE = 'bare " in non-quoted-field'
QUOTE = 'extraneous or missing " in quoted-field'
FIELD_COUNT = "wrong number of fields"


class CSVError(ValueError):
    """A malformed record: ``message`` is Go's, ``line`` where it was found."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}")
        self.line = line
        self.message = message


def _length_nl(line: str) -> int:
    return 1 if line.endswith("\n") else 0


class CSVReader:
    """Reads records from a text, one :meth:`read` at a time (``None`` at the end)."""

    def __init__(self, text: str, fields_per_record: int = 0) -> None:
        self._text = text
        self._pos = 0
        self._num_line = 0
        self.fields_per_record = fields_per_record

    def _read_line(self) -> tuple[str, bool]:
        """The next line with its ``\\n`` (``\\r\\n`` made ``\\n``); whether the text ended."""
        text, start = self._text, self._pos
        end = text.find("\n", start)
        if end < 0:
            line, self._pos, at_end = text[start:], len(text), True
        else:
            line, self._pos, at_end = text[start : end + 1], end + 1, False
        if line and at_end:
            at_end = False
            if line.endswith("\r"):
                line = line[:-1]
        self._num_line += 1
        if line.endswith("\r\n"):
            line = line[:-2] + "\n"
        return line, at_end

    def read(self) -> list[str] | None:
        """The next record, or ``None`` at the end; :class:`CSVError` if malformed."""
        while True:
            line, at_end = self._read_line()
            if at_end or len(line) != _length_nl(line):
                break  # (empty lines are skipped)
        if at_end:
            return None
        record_line = position_line = self._num_line
        fields: list[str] = []
        p = 0  # where the next field starts in ``line``: no slicing of what is left
        while True:
            if p < len(line) and line[p] == '"':
                line, p, position_line, more = self._quoted(line, p + 1, fields, position_line)
                if not more:
                    break
                continue
            comma = line.find(",", p)
            end = comma if comma >= 0 else len(line) - _length_nl(line)
            if line.find('"', p, end) >= 0:
                raise CSVError(self._num_line, BARE_QUOTE)
            fields.append(line[p:end])
            if comma < 0:
                break
            p = comma + 1
        if self.fields_per_record > 0:
            if len(fields) != self.fields_per_record:
                raise CSVError(record_line, FIELD_COUNT)
        elif self.fields_per_record == 0:
            self.fields_per_record = len(fields)
        return fields

    def _quoted(
        self, line: str, p: int, fields: list[str], position_line: int
    ) -> tuple[str, int, int, bool]:
        """Read the quoted field whose text starts at ``line[p]`` into ``fields``; the
        line and position reached, the line number, and whether another field follows."""
        buffer: list[str] = []
        while True:
            quote = line.find('"', p)
            if quote >= 0:
                buffer.append(line[p:quote])
                p = quote + 1
                following = line[p : p + 1]
                if following == '"':
                    buffer.append('"')
                    p += 1
                    continue
                if following == ",":
                    fields.append("".join(buffer))
                    return line, p + 1, position_line, True
                if p == len(line) or line[p:] == "\n":
                    fields.append("".join(buffer))
                    return line, p, position_line, False
                raise CSVError(self._num_line, QUOTE)
            if p >= len(line):
                raise CSVError(position_line, QUOTE)
            buffer.append(line[p:])
            line, _ = self._read_line()  # the end of the text ends the field above
            p = 0
            if line:
                position_line += 1
