"""Player statistics: a read model over the play and daily domains (it changes nothing)."""
