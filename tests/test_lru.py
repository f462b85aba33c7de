"""The least-recently-used cache behind the drawn tiles, the hand pictures and the review
records."""

from __future__ import annotations

from bot.lru import LruCache


def test_the_least_recently_used_entry_goes_first() -> None:
    cache: LruCache[str, int] = LruCache(2)
    cache.put("a", 1)
    cache.put("b", 2)
    assert cache.get("a") == 1  # "a" now more recent than "b"
    cache.put("c", 3)
    assert (cache.get("b"), cache.get("a"), cache.get("c")) == (None, 1, 3)
    assert len(cache) == 2


def test_putting_again_replaces_and_refreshes_an_entry() -> None:
    cache: LruCache[str, int] = LruCache(2)
    cache.put("a", 1)
    cache.put("b", 2)
    cache.put("a", 10)
    cache.put("c", 3)
    assert [key for key, _ in cache.items()] == ["a", "c"]
    assert cache.get("a") == 10


def test_an_entry_can_be_forgotten_while_the_entries_are_read() -> None:
    cache: LruCache[int, str] = LruCache(4)
    for key, server in ((1, "x"), (2, "y"), (3, "x")):
        cache.put(key, server)
    for key, server in cache.items():
        if server == "x":
            cache.forget(key)
    cache.forget(9)  # not kept: nothing happens
    assert list(cache.items()) == [(2, "y")]
