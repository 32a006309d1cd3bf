"""What every domain of the service builds on: the clock, the error registry, the Redis client
and the domain events that the realtime layer turns into socket frames."""
