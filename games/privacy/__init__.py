"""A player's data is theirs (SPEC §12): the archive of everything the service holds on a
player (:mod:`.archive`, reads only) and the deletion of an account (:mod:`.services`), for the
player over REST and for staff in the admin, each staff use audited.

Deletion anonymises: the player's row stays as a tombstone named :data:`.services.DELETED_NAME`
with no credentials, tokens, settings or origins, so that every board, race and rating other
players see stays exactly as it was.
"""
