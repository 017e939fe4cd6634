"""A slotted base for the small value classes on the per-turn path.

`dataclasses` pulls in `inspect` (and with it ast, dis, tokenize): about 18 ms of a 60 ms cold
start on the machines this runs on, paid before every agent turn. These few classes only need
keyword construction, equality, a readable repr and `replace`, which this base gives them.
"""

from __future__ import annotations

from typing import Any, TypeVar

V = TypeVar("V", bound="ValueClass")


class ValueClass:
    """Fields are the names in `__slots__`; subclasses write an `__init__` with their defaults."""

    __slots__: tuple[str, ...] = ()

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other) and self._values() == other._values()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"{type(self).__name__}({inner})"

    def replace(self: V, **changes: Any) -> V:
        """A copy with some fields changed (like `dataclasses.replace`)."""
        unknown = set(changes) - set(self.__slots__)
        if unknown:
            raise TypeError(f"{type(self).__name__} has no field {', '.join(sorted(unknown))}")
        copy = object.__new__(type(self))
        for name in self.__slots__:
            object.__setattr__(copy, name, changes[name] if name in changes else getattr(self, name))
        return copy
