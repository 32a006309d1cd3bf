-- pg_auto_failover's monitor, tuned so that writes are acknowledged again within 30 s of the
-- primary's host going silent (docs/OPERATIONS.md, "Fail over"; measured in docs/RELIABILITY.md).
-- Run once on the monitor:  psql -d pg_auto_failover -f deploy/ha/monitor.sql
-- The defaults (5 s checks, 20 s before a silent node counts as unhealthy, 30 s for the old
-- primary to demote itself) put the first write after the cut at about 40 s.
--
-- Checked every second, one retry half a second later: a silent node is seen within ~3 s.
ALTER SYSTEM SET pgautofailover.health_check_period = 1000;
ALTER SYSTEM SET pgautofailover.health_check_timeout = 1000;
ALTER SYSTEM SET pgautofailover.health_check_max_retries = 1;
ALTER SYSTEM SET pgautofailover.health_check_retry_delay = 500;
-- A node whose keeper has not reported for 5 s, and that fails the checks, is failed over.
ALTER SYSTEM SET pgautofailover.node_considered_unhealthy_timeout = 5000;
-- The promoted standby takes writes only after this long without word from the old primary:
-- it must exceed the time an isolated primary takes to stop taking writes by itself (its
-- keeper's network_partition_timeout plus wal_sender_timeout, 4 s + 4 s: deploy/ha/node.sh),
-- so there is never a moment with two primaries taking writes.
ALTER SYSTEM SET pgautofailover.primary_demote_timeout = 12000;
SELECT pg_reload_conf();
