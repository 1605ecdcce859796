package dev.quipu.reputation.budget;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.jdbc.DataSourceResolver;
import jakarta.inject.Singleton;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/**
 * Spending caps with atomic reservations. Every change of an agent's budget happens under the
 * lock of its budget row, so concurrent reservations can never together exceed the limit:
 * {@code spent + reserved + amount <= limit} is checked and applied in one locked step.
 */
@Singleton
public class BudgetStore {

    private final DataSource dataSource;
    private final BudgetConfig config;

    public BudgetStore(DataSource dataSource, DataSourceResolver resolver, BudgetConfig config) {
        this.dataSource = resolver.resolve(dataSource);
        this.config = config;
    }

    /** A budget as of now (the period already rolled over if it ended). */
    public record Budget(String agentId, long limitAtomic, Period period, Instant periodStart, @Nullable Instant resetsAt,
                         long spentAtomic, long reservedAtomic, String setBy) {

        public long remainingAtomic() {
            return Math.max(0, limitAtomic - spentAtomic - reservedAtomic);
        }
    }

    /** The outcome of a reservation. {@code budget} is null when the agent has no cap. */
    public record Reservation(boolean reserved, String state, @Nullable Budget budget) {
    }

    /** Sets the agent's cap and records the change for {@link BudgetPublisher} in the same transaction. */
    public Budget set(String agentId, long limitAtomic, Period period, String setBy, Instant now) throws SQLException {
        return inTransaction(c -> {
            Instant start = period.start(now, now);
            try (PreparedStatement st = c.prepareStatement("INSERT INTO budgets (agent_id, limit_atomic, period, period_start, "
                    + "set_by) VALUES (?, ?, ?, ?, ?) ON CONFLICT (agent_id) DO UPDATE SET limit_atomic = EXCLUDED.limit_atomic, "
                    + "set_by = EXCLUDED.set_by, updated_at = now(), "
                    // a new period kind starts afresh; the same kind keeps what was spent in the current period
                    + "spent_atomic = CASE WHEN budgets.period = EXCLUDED.period THEN budgets.spent_atomic ELSE 0 END, "
                    + "period_start = CASE WHEN budgets.period = EXCLUDED.period THEN budgets.period_start ELSE EXCLUDED.period_start END, "
                    + "period = EXCLUDED.period")) {
                st.setString(1, agentId);
                st.setLong(2, limitAtomic);
                st.setString(3, period.label());
                st.setTimestamp(4, Timestamp.from(start));
                st.setString(5, setBy);
                st.executeUpdate();
            }
            // published after commit by BudgetPublisher; clock_timestamp() is read under the row lock
            // the upsert took, so one agent's changes are ordered as they were committed
            try (PreparedStatement st = c.prepareStatement("INSERT INTO budget_changes (event_id, agent_id, capped, "
                    + "limit_atomic, period, set_by, changed_at) VALUES (?, ?, true, ?, ?, ?, clock_timestamp())")) {
                st.setObject(1, UUID.randomUUID());
                st.setString(2, agentId);
                st.setLong(3, limitAtomic);
                st.setString(4, period.label());
                st.setString(5, setBy);
                st.executeUpdate();
            }
            return lockAndRoll(c, agentId, now).orElseThrow();
        });
    }

    public Optional<Budget> find(String agentId, Instant now) throws SQLException {
        return inTransaction(c -> lockAndRoll(c, agentId, now));
    }

    /** Reserves {@code amount} for one call; idempotent on {@code reservationId}. */
    public Reservation reserve(String agentId, long amount, String reservationId, Instant now) throws SQLException {
        return inTransaction(c -> {
            Optional<Budget> locked = lockAndRoll(c, agentId, now);
            if (locked.isEmpty()) {
                return new Reservation(true, "unlimited", null);
            }
            Budget b = locked.get();
            Optional<String> existing = reservationState(c, reservationId);
            if (existing.isPresent()) {
                return new Reservation(!"refused".equals(existing.get()), existing.get(), b);
            }
            if (b.spentAtomic() + b.reservedAtomic() + amount > b.limitAtomic()) {
                return new Reservation(false, "budget_exhausted", b);
            }
            try (PreparedStatement st = c.prepareStatement("INSERT INTO budget_reservations (reservation_id, agent_id, "
                    + "amount_atomic, period_start, state) VALUES (?, ?, ?, ?, 'held')")) {
                st.setString(1, reservationId);
                st.setString(2, agentId);
                st.setLong(3, amount);
                st.setTimestamp(4, Timestamp.from(b.periodStart()));
                st.executeUpdate();
            }
            update(c, "UPDATE budgets SET reserved_atomic = reserved_atomic + ? WHERE agent_id = ?", amount, agentId);
            return new Reservation(true, "held", new Budget(b.agentId(), b.limitAtomic(), b.period(), b.periodStart(),
                    b.resetsAt(), b.spentAtomic(), b.reservedAtomic() + amount, b.setBy()));
        });
    }

    /** Turns a held reservation into spend. @return the reservation's state afterwards, or empty when unknown */
    public Optional<String> commit(String reservationId, Instant now) throws SQLException {
        return finish(reservationId, "committed", now);
    }

    /** Gives a held reservation back. @return the reservation's state afterwards, or empty when unknown */
    public Optional<String> release(String reservationId, Instant now) throws SQLException {
        return finish(reservationId, "released", now);
    }

    private Optional<String> finish(String reservationId, String to, Instant now) throws SQLException {
        return inTransaction(c -> {
            String agentId;
            try (PreparedStatement st = c.prepareStatement("SELECT agent_id FROM budget_reservations WHERE reservation_id = ?")) {
                st.setString(1, reservationId);
                try (ResultSet rs = st.executeQuery()) {
                    if (!rs.next()) {
                        return Optional.<String>empty();
                    }
                    agentId = rs.getString(1);
                }
            }
            Budget b = lockAndRoll(c, agentId, now).orElse(null);
            long amount;
            Instant periodStart;
            try (PreparedStatement st = c.prepareStatement("SELECT state, amount_atomic, period_start FROM budget_reservations "
                    + "WHERE reservation_id = ? FOR UPDATE")) {
                st.setString(1, reservationId);
                try (ResultSet rs = st.executeQuery()) {
                    rs.next();
                    if (!"held".equals(rs.getString(1))) {
                        return Optional.of(rs.getString(1));
                    }
                    amount = rs.getLong(2);
                    periodStart = rs.getTimestamp(3).toInstant();
                }
            }
            try (PreparedStatement st = c.prepareStatement("UPDATE budget_reservations SET state = ? WHERE reservation_id = ?")) {
                st.setString(1, to);
                st.setString(2, reservationId);
                st.executeUpdate();
            }
            if (b != null) {
                boolean samePeriod = periodStart.equals(b.periodStart());
                // a reservation from a period that has since rolled over was already dropped from reserved
                if (samePeriod) {
                    update(c, "UPDATE budgets SET reserved_atomic = reserved_atomic - ? WHERE agent_id = ?", amount, agentId);
                }
                if ("committed".equals(to)) {
                    update(c, "UPDATE budgets SET spent_atomic = spent_atomic + ? WHERE agent_id = ?",
                            samePeriod ? amount : 0, agentId);
                }
            }
            return Optional.of(to);
        });
    }

    /**
     * Locks the agent's budget row, starts a new period if the old one ended, and stops counting
     * reservations older than the TTL.
     */
    private Optional<Budget> lockAndRoll(Connection c, String agentId, Instant now) throws SQLException {
        Budget b;
        try (PreparedStatement st = c.prepareStatement("SELECT limit_atomic, period, period_start, spent_atomic, "
                + "reserved_atomic, set_by FROM budgets WHERE agent_id = ? FOR UPDATE")) {
            st.setString(1, agentId);
            try (ResultSet rs = st.executeQuery()) {
                if (!rs.next()) {
                    return Optional.empty();
                }
                Period period = Period.parse(rs.getString(2)).orElseThrow();
                Instant start = rs.getTimestamp(3).toInstant();
                b = new Budget(agentId, rs.getLong(1), period, start, period.end(start), rs.getLong(4), rs.getLong(5),
                        rs.getString(6));
            }
        }
        if (b.resetsAt() != null && !now.isBefore(b.resetsAt())) {
            Instant start = b.period().start(now, b.periodStart());
            try (PreparedStatement st = c.prepareStatement("UPDATE budgets SET period_start = ?, spent_atomic = 0, "
                    + "reserved_atomic = 0 WHERE agent_id = ?")) {
                st.setTimestamp(1, Timestamp.from(start));
                st.setString(2, agentId);
                st.executeUpdate();
            }
            b = new Budget(agentId, b.limitAtomic(), b.period(), start, b.period().end(start), 0, 0, b.setBy());
        }
        long expired = 0;
        try (PreparedStatement st = c.prepareStatement("UPDATE budget_reservations SET state = 'expired' WHERE agent_id = ? "
                + "AND state = 'held' AND created_at < ? RETURNING amount_atomic, period_start")) {
            st.setString(1, agentId);
            st.setTimestamp(2, Timestamp.from(now.minus(config.reservationTtl())));
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    if (rs.getTimestamp(2).toInstant().equals(b.periodStart())) {
                        expired += rs.getLong(1);
                    }
                }
            }
        }
        if (expired > 0) {
            update(c, "UPDATE budgets SET reserved_atomic = reserved_atomic - ? WHERE agent_id = ?", expired, agentId);
            b = new Budget(agentId, b.limitAtomic(), b.period(), b.periodStart(), b.resetsAt(), b.spentAtomic(),
                    b.reservedAtomic() - expired, b.setBy());
        }
        return Optional.of(b);
    }

    private static Optional<String> reservationState(Connection c, String reservationId) throws SQLException {
        try (PreparedStatement st = c.prepareStatement("SELECT state FROM budget_reservations WHERE reservation_id = ?")) {
            st.setString(1, reservationId);
            try (ResultSet rs = st.executeQuery()) {
                return rs.next() ? Optional.of(rs.getString(1)) : Optional.empty();
            }
        }
    }

    private static void update(Connection c, String sql, long amount, String agentId) throws SQLException {
        try (PreparedStatement st = c.prepareStatement(sql)) {
            st.setLong(1, amount);
            st.setString(2, agentId);
            st.executeUpdate();
        }
    }

    private interface Work<T> {
        T run(Connection c) throws SQLException;
    }

    private <T> T inTransaction(Work<T> work) throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try {
                T result = work.run(c);
                c.commit();
                return result;
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            }
        }
    }
}
