"""A small least-recently-used cache, for what :func:`functools.lru_cache` cannot hold: a
value made from more than its key (a tile drawn over a ground in a palette), a future
still being worked out, entries forgotten on request."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable, Iterator
from typing import Generic, TypeVar

Key = TypeVar("Key", bound=Hashable)
Value = TypeVar("Value")


class LruCache(Generic[Key, Value]):
    """At most ``size`` entries (none of them None); past that, the least recently used
    (got or put) goes."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._entries: OrderedDict[Key, Value] = OrderedDict()

    def get(self, key: Key) -> Value | None:
        """The value kept for ``key`` (now the most recently used), or None."""
        value = self._entries.get(key)
        if value is not None:
            self._entries.move_to_end(key)
        return value

    def put(self, key: Key, value: Value) -> None:
        """Keep ``value`` for ``key`` as the most recently used, dropping the least."""
        self._entries[key] = value
        self._entries.move_to_end(key)
        while len(self._entries) > self.size:
            self._entries.popitem(last=False)

    def forget(self, key: Key) -> None:
        """Drop ``key``'s entry, if kept."""
        self._entries.pop(key, None)

    def items(self) -> Iterator[tuple[Key, Value]]:
        """A snapshot of the entries, least recently used first."""
        return iter(list(self._entries.items()))

    def __len__(self) -> int:
        return len(self._entries)
