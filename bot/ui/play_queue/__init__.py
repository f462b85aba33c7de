"""The /play queue as members see it: its words and button (:mod:`.words`) and each waiting
member's private message, kept to be changed when a table seats them (:mod:`.messages`)."""
