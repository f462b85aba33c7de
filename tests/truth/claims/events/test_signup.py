"""A tournament's sign-up post and private answers: true ones pass, planted falsehoods
are found."""

from __future__ import annotations

from tests.truth.claims.events.records import Records
from tests.truth.claims.events.signup import signup_answers, signup_post
from tests.truth.planting import ALICE, BOB

POST = """🏆 Night
**Game:** Euchre, 4 players a table (stick_dealer=no)
**Format:** Progressive (winners move up a table, partners change every round)
**Rounds:** 2 rounds × 2 hands
**Short tables:** computer players take the seats short of a full table
**Round clock:** none: each round ends when its tables have played their hands
**Start:** when the host presses **Start**
**Host:** <@10>
Registered (2)
alice, bob
Tournament 7 · Register to play; Withdraw takes you out before the start."""


def judged(found: list[tuple[str, str, str | None]]) -> dict[str, str | None]:
    return {kind: truth for kind, _, truth in found}


def test_a_true_sign_up_post_passes_every_line(records: Records) -> None:
    found = judged(signup_post(POST, "🏆 Night", -1.0, records))
    assert set(found) == {"signup_game", "signup_format", "signup_rounds", "signup_fill",
                          "signup_clock", "signup_start", "signup_host", "signup_registered",
                          "signup_state"}
    assert set(found.values()) == {None}


def test_a_sign_up_post_with_planted_falsehoods_is_false_where_planted(
        records: Records) -> None:
    planted = (POST.replace("(stick_dealer=no)", "").replace("2 rounds ×", "3 rounds ×")
               .replace("<@10>", "<@11>").replace("alice, bob", "bob, alice"))
    found = judged(signup_post(planted, "🏆 Night", -1.0, records))
    assert found["signup_game"] == "stick_dealer is False"
    assert found["signup_rounds"] == "2 round(s) of 2 hand(s)"
    assert found["signup_host"] == "the host is <@10>"
    assert found["signup_registered"] == "registered by then: alice, bob"
    assert found["signup_format"] is None


def test_a_sign_up_post_naming_members_not_yet_registered_or_open_after_the_start_is_false(
        records: Records) -> None:
    found = judged(signup_post(POST, "🏆 Night", -7.0, records))
    assert found["signup_registered"] == "registered by then: alice"
    found = judged(signup_post(POST, "🏆 Night", 5.0, records))
    assert found["signup_state"] == "it was running then"


def test_the_create_answer_must_name_the_tournaments_number_post_and_open_sign_up(
        records: Records) -> None:
    link = "https://discord.com/channels/300/200/400"
    honest = f"**Night** (#7) is open for sign-up: {link}. Press **Start** on it."
    assert judged(signup_answers(honest, ALICE, -15.0, records)) == {"signup_open": None}
    wrong = honest.replace("(#7)", "(#8)").replace("/400", "/401")
    assert judged(signup_answers(wrong, ALICE, 5.0, records)) == {"signup_open": (
        "it is tournament 7; its post is message 400 in channel 200; it had started: "
        "sign-up was closed")}


def test_you_are_in_counts_the_members_registered_when_they_were(records: Records) -> None:
    assert judged(signup_answers("You're in: 2 registered.", BOB, -4.0, records)) == {
        "signup_count": None}
    assert judged(signup_answers("You're in: 2 registered.", ALICE, -9.0, records)) == {
        "signup_count": "1 registered with them"}


def test_the_start_answer_counts_the_players_of_round_1(records: Records) -> None:
    honest = "Night has started with 2 players: round 1 is on."
    assert judged(signup_answers(honest, ALICE, 1.0, records)) == {"tournament_started": None}
    planted = honest.replace("2 players", "3 players")
    assert judged(signup_answers(planted, ALICE, 1.0, records)) == {
        "tournament_started": "2 registered; 2 play round 1"}
    assert judged(signup_answers(honest, ALICE, -1.0, records)) == {
        "tournament_started": "round 1 had not opened"}


def test_a_cut_list_of_registered_members_counts_those_left_out(records: Records) -> None:
    cut = POST.replace("alice, bob", "alice …and 1 more")
    assert judged(signup_post(cut, "🏆 Night", -1.0, records))["signup_registered"] is None
    too_many = POST.replace("Registered (2)\nalice, bob", "Registered (3)\nalice …and 2 more")
    assert judged(signup_post(too_many, "🏆 Night", -1.0, records))["signup_registered"] == (
        "registered by then: alice, bob")
