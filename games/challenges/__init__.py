"""Challenges (SPEC §11): "beat my score on this deal". The owner of an ended game makes a
challenge of it, an unguessable code; anyone plays the deal as a fresh casual game of their
own, and the challenge's board ranks the challengers' first games in the section 7 order."""
