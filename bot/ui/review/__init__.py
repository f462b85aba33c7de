"""The review of a finished game as Discord messages: one step (a hand's deal and
auction, or one of its tricks) at a time, its picture, the buttons that step through the
game, and the computer's opinion of the member's decisions."""
