"""Fair-play signals for staff: foresight, rehearsal and speed of ranked and rated wins."""
