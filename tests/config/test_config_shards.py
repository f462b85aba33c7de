"""The cluster settings: SHARD_COUNT, SHARD_IDS and DATABASE_URL."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.config import ConfigError, Settings, load_settings

TOKEN = "MTIz.abc.def"
SECRET = "s3cr3t-pa55"


def load(tmp_path: Path, **env: str) -> Settings:
    return load_settings({"DISCORD_TOKEN": TOKEN, **env}, dotenv_path=tmp_path / ".env")


def test_no_sharding_by_default(tmp_path: Path) -> None:
    settings = load(tmp_path)
    assert (settings.shard_count, settings.shard_ids, settings.database_url) == (None, None, None)
    assert not settings.sharded and settings.holds_shard_zero
    assert settings.shard_range is None
    assert settings.owns_guild(1 << 22) and settings.owns_guild(2 << 22)


def test_shard_count_alone_runs_every_shard(tmp_path: Path) -> None:
    settings = load(tmp_path, SHARD_COUNT="4")
    assert settings.sharded and (settings.shard_count, settings.shard_ids) == (4, (0, 1, 2, 3))
    assert settings.shard_range == "shards 0-3 of 4"
    assert all(settings.owns_guild(n << 22) for n in range(8))


@pytest.mark.parametrize(
    "ids, expected, described",
    [
        ("0-3", (0, 1, 2, 3), "shards 0-3 of 8"),
        ("2", (2,), "shard 2 of 8"),
        ("0,2", (0, 2), "shards 0,2 of 8"),
        (" 5 - 7 , 1 ", (1, 5, 6, 7), "shards 1,5,6,7 of 8"),
        ("3,3", (3,), "shard 3 of 8"),
    ],
)
def test_shard_ids_forms(
    tmp_path: Path, ids: str, expected: tuple[int, ...], described: str
) -> None:
    settings = load(tmp_path, SHARD_COUNT="8", SHARD_IDS=ids)
    assert settings.shard_ids == expected
    assert settings.shard_range == described


def test_a_process_owns_the_guilds_of_its_shards_only(tmp_path: Path) -> None:
    settings = load(tmp_path, SHARD_COUNT="2", SHARD_IDS="1")
    assert not settings.holds_shard_zero
    assert settings.owns_guild((41 << 22) | 12345)  # 41 % 2 == 1
    assert not settings.owns_guild((40 << 22) | 12345)


@pytest.mark.parametrize(
    "env, message",
    [
        ({"SHARD_IDS": "0-1"}, "SHARD_IDS needs SHARD_COUNT"),
        ({"SHARD_COUNT": "0"}, "SHARD_COUNT must be a whole number from 1"),
        ({"SHARD_COUNT": "two"}, "SHARD_COUNT must be a whole number"),
        ({"SHARD_COUNT": "2.5"}, "SHARD_COUNT must be a whole number"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "2"}, "SHARD_IDS must name shards from 0 to 1"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "2-5"}, "SHARD_IDS must name shards from 0 to 3"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "-1"}, "SHARD_IDS must be a range like 0-3"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "3-1"}, "SHARD_IDS must be a range like 0-3"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "a,b"}, "SHARD_IDS must be a range like 0-3"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "0,,1"}, "SHARD_IDS must be a range like 0-3"),
    ],
)
def test_bad_shard_settings_get_a_clear_error(
    tmp_path: Path, env: dict[str, str], message: str
) -> None:
    with pytest.raises(ConfigError, match=message) as caught:
        load(tmp_path, **env)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize(
    "url",
    [
        f"postgresql://bower:{SECRET}@db.example:5432/bower",
        f"postgres://bower:{SECRET}@localhost/bower",
        "postgresql://localhost/bower",
    ],
)
def test_database_url_is_kept_and_never_shown(tmp_path: Path, url: str) -> None:
    settings = load(tmp_path, DATABASE_URL=f" {url} ")
    assert settings.database_url == url
    assert url not in repr(settings) and SECRET not in repr(settings)


@pytest.mark.parametrize(
    "url, message",
    [
        (f"mysql://bower:{SECRET}@db/bower", "DATABASE_URL must be a postgresql:// or postgres://"),
        (f"bower:{SECRET}@db/bower", "DATABASE_URL must be a postgresql:// or postgres://"),
        ("data/bower.sqlite3", "DATABASE_URL must be a postgresql:// or postgres://"),
        (f"postgresql://bower:{SECRET}@/bower", "DATABASE_URL must name the database server"),
        (f"postgresql://bower:{SECRET}@db:port/bower", "DATABASE_URL is not a valid URL"),
    ],
)
def test_bad_database_url_gets_a_clear_error_without_the_password(
    tmp_path: Path, url: str, message: str
) -> None:
    with pytest.raises(ConfigError, match=message) as caught:
        load(tmp_path, DATABASE_URL=url)
    assert SECRET not in str(caught.value) and "\n" not in str(caught.value)


def test_env_example_documents_the_cluster_settings() -> None:
    example = (Path(__file__).parents[2] / ".env.example").read_text()
    for name in ("SHARD_COUNT", "SHARD_IDS", "DATABASE_URL"):
        assert f"{name}=" in example
