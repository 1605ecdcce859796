package dev.quipu.payment.retention;

import io.micronaut.jdbc.DataSourceResolver;
import dev.quipu.testkit.SuiteResources;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * What payment-service deletes once it has done its work, in the real PostgreSQL: retention of 7 days
 * for published outbox rows, the 24 h windows of trials, 1 day after a stream token expired; batches
 * of 2 rows so that every sweep needs several statements.
 */
@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RetentionSweepTest implements TestPropertyProvider {

    private static final Instant NOW = Instant.parse("2026-11-22T12:00:00Z");

    @Inject
    RetentionSweep sweep;

    @Inject
    DataSource dataSource;

    @Inject
    DataSourceResolver resolver;

    @Override
    public Map<String, String> getProperties() {
        Map<String, String> p = new HashMap<>(SuiteResources.forService("quipu_payment_retention_test"));
        p.put("quipu.outbox.poll-interval", "1h");
        p.put("quipu.payments.events-poll-interval", "1h");
        p.put("quipu.payments.retention.interval", "1h");
        p.put("quipu.payments.retention.batch-size", "2");
        return p;
    }

    @BeforeEach
    void empty() throws SQLException {
        try (Connection c = resolver.resolve(dataSource).getConnection(); Statement st = c.createStatement()) {
            st.execute("TRUNCATE call_outbox, payment_event_outbox, trial_uses, stream_trial_events, stream_tokens");
        }
    }

    @Test
    void callEventsPublishedLongerAgoThanTheRetentionAreDeletedInBatches() throws SQLException {
        for (int i = 0; i < 5; i++) {
            callEvent(NOW.minus(Duration.ofDays(8)), NOW.minus(Duration.ofDays(8)));
        }
        callEvent(NOW.minus(Duration.ofDays(6)), NOW.minus(Duration.ofDays(6)));

        assertEquals(5, sweep.sweep(NOW).callEvents());
        assertEquals(1, count("call_outbox"));
    }

    @Test
    void unpublishedCallEventsAreNeverDeletedHoweverOld() throws SQLException {
        callEvent(NOW.minus(Duration.ofDays(30)), null);

        assertEquals(0, sweep.sweep(NOW).callEvents());
        assertEquals(1, count("call_outbox"));
    }

    @Test
    void paymentEventsPublishedLongerAgoThanTheRetentionAreDeleted() throws SQLException {
        paymentEvent(NOW.minus(Duration.ofDays(8)));
        paymentEvent(NOW.minus(Duration.ofDays(1)));
        paymentEvent(null);

        assertEquals(1, sweep.sweep(NOW).paymentEvents());
        assertEquals(2, count("payment_event_outbox"));
    }

    @Test
    void trialUsesThatLeftTheirWindowAreDeletedAndThoseThatStillCountStay() throws SQLException {
        for (int i = 0; i < 3; i++) {
            trialUse(NOW.minus(Duration.ofHours(25)));
        }
        trialUse(NOW.minus(Duration.ofHours(23)));

        assertEquals(3, sweep.sweep(NOW).trialUses());
        assertEquals(1, count("trial_uses"));
    }

    @Test
    void freeStreamEventsThatLeftTheirWindowAreDeleted() throws SQLException {
        streamTrialEvent(NOW.minus(Duration.ofHours(25)));
        streamTrialEvent(NOW.minus(Duration.ofHours(1)));

        assertEquals(1, sweep.sweep(NOW).streamTrialEvents());
        assertEquals(1, count("stream_trial_events"));
    }

    @Test
    void streamTokensAreDeletedADayAfterTheyExpired() throws SQLException {
        streamToken(NOW.minus(Duration.ofHours(25)));
        streamToken(NOW.minus(Duration.ofHours(2)));
        streamToken(NOW.plus(Duration.ofMinutes(4)));

        assertEquals(1, sweep.sweep(NOW).streamTokens());
        assertEquals(2, count("stream_tokens"));
    }

    private void callEvent(Instant createdAt, Instant publishedAt) throws SQLException {
        insert("INSERT INTO call_outbox (event_id, agent_id, topic, payload, created_at, published_at) "
                + "VALUES (?, 'agent-retention', 'quipu.calls.v1', '{}', ?, ?)", UUID.randomUUID(), createdAt, publishedAt);
    }

    private void paymentEvent(Instant publishedAt) throws SQLException {
        insert("INSERT INTO payment_event_outbox (event_id, payer, payload, published_at) VALUES (?, '0xpayer', '{}', ?)",
                UUID.randomUUID(), publishedAt);
    }

    private void trialUse(Instant usedAt) throws SQLException {
        insert("INSERT INTO trial_uses (trial_id, endpoint, client_hash, used_at) VALUES (?, 'rates', 'h', ?)",
                UUID.randomUUID(), usedAt);
    }

    private void streamTrialEvent(Instant usedAt) throws SQLException {
        insert("INSERT INTO stream_trial_events (event_id, client_hash, used_at) VALUES (?, 'h', ?)", UUID.randomUUID(), usedAt);
    }

    private void streamToken(Instant expiresAt) throws SQLException {
        insert("INSERT INTO stream_tokens (token_hash, country, expires_at) VALUES (?, 'CO', ?)",
                UUID.randomUUID().toString(), expiresAt);
    }

    private void insert(String sql, Object key, Instant... times) throws SQLException {
        try (Connection c = resolver.resolve(dataSource).getConnection(); PreparedStatement st = c.prepareStatement(sql)) {
            st.setObject(1, key);
            for (int i = 0; i < times.length; i++) {
                st.setTimestamp(i + 2, times[i] == null ? null : Timestamp.from(times[i]));
            }
            st.executeUpdate();
        }
    }

    private int count(String table) throws SQLException {
        try (Connection c = resolver.resolve(dataSource).getConnection(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT count(*) FROM " + table)) {
            rs.next();
            return rs.getInt(1);
        }
    }
}
