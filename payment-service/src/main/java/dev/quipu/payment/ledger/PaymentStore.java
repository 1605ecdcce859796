package dev.quipu.payment.ledger;

import dev.quipu.contracts.events.PaymentEvent;
import dev.quipu.runtime.JsonRequests;
import dev.quipu.runtime.UuidV7;
import jakarta.inject.Singleton;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/**
 * The durable side of payments, on the caller's connection so that callers decide what commits
 * together: the claim, each state change with its {@code quipu.payments.v1} event, the ledger entry
 * and the call event. States: claimed → settling → settled | failed | pending, or claimed → released.
 */
@Singleton
public class PaymentStore {

    private static final String COLUMNS = "payment_id, claim_key, state, x402_version, network, asset, payer, pay_to, "
            + "amount_atomic, nonce, valid_before, operation_id, payload_json, requirements_json, facilitator, "
            + "transaction_ref, reason, payment_identifier";

    private final JsonRequests json;
    private final UuidV7 ids;
    private final Clock clock;

    public PaymentStore(JsonRequests json, UuidV7 ids, Clock clock) {
        this.json = json;
        this.ids = ids;
        this.clock = clock;
    }

    /** What is claimed: everything settlement needs later, on any instance. */
    public record Claim(String claimKey, int x402Version, String network, String asset, String payer, String payTo,
                        BigInteger amountAtomic, String nonce, Long validBefore, String operationId,
                        String resourceUrl, String payloadJson, String requirementsJson, String facilitator,
                        String paymentIdentifier, String fingerprint) {
    }

    /**
     * Claims an authorization atomically: a new claim key, or one whose earlier claim was released
     * (its call failed and nothing was charged). Returns the payment id, or empty when the key is
     * already held by a live or finished payment.
     */
    public Optional<UUID> claim(Connection c, Claim claim) throws SQLException {
        UUID id = ids.next();
        try (PreparedStatement st = c.prepareStatement(
                "INSERT INTO payments (payment_id, claim_key, state, x402_version, network, asset, payer, pay_to, "
                        + "amount_atomic, nonce, valid_before, operation_id, resource_url, payload_json, requirements_json, "
                        + "facilitator, payment_identifier, fingerprint) "
                        + "VALUES (?, ?, 'claimed', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                        + "ON CONFLICT (claim_key) DO UPDATE SET state = 'claimed', operation_id = EXCLUDED.operation_id, "
                        + "resource_url = EXCLUDED.resource_url, payload_json = EXCLUDED.payload_json, "
                        + "requirements_json = EXCLUDED.requirements_json, facilitator = EXCLUDED.facilitator, "
                        + "payment_identifier = EXCLUDED.payment_identifier, fingerprint = EXCLUDED.fingerprint, "
                        + "reason = NULL, updated_at = now() WHERE payments.state = 'released' RETURNING payment_id")) {
            st.setObject(1, id);
            st.setString(2, claim.claimKey());
            st.setInt(3, claim.x402Version());
            st.setString(4, claim.network());
            st.setString(5, claim.asset());
            st.setString(6, claim.payer());
            st.setString(7, claim.payTo());
            st.setBigDecimal(8, new BigDecimal(claim.amountAtomic()));
            st.setString(9, claim.nonce());
            st.setObject(10, claim.validBefore());
            st.setString(11, claim.operationId());
            st.setString(12, claim.resourceUrl());
            st.setString(13, claim.payloadJson());
            st.setString(14, claim.requirementsJson());
            st.setString(15, claim.facilitator());
            st.setString(16, claim.paymentIdentifier());
            st.setString(17, claim.fingerprint());
            try (ResultSet rs = st.executeQuery()) {
                if (!rs.next()) {
                    return Optional.empty();
                }
                UUID paymentId = rs.getObject(1, UUID.class);
                event(c, paymentId, "claimed", claim.payer(), claim.network(), claim.amountAtomic(), null, null);
                return Optional.of(paymentId);
            }
        }
    }

    public Optional<StoredPayment> find(Connection c, UUID paymentId) throws SQLException {
        return one(c, "SELECT " + COLUMNS + " FROM payments WHERE payment_id = ?", paymentId.toString(), false);
    }

    public Optional<StoredPayment> findByClaimKey(Connection c, String claimKey) throws SQLException {
        return one(c, "SELECT " + COLUMNS + " FROM payments WHERE claim_key = ?", claimKey, false);
    }

    /** Locks the payment row for the rest of the transaction. */
    public Optional<StoredPayment> lock(Connection c, UUID paymentId) throws SQLException {
        return one(c, "SELECT " + COLUMNS + " FROM payments WHERE payment_id = ? FOR UPDATE", paymentId.toString(), false);
    }

    /**
     * Moves a payment from {@code from} to {@code to} if it is still in {@code from}, with its event;
     * returns whether it moved (another instance may have moved it first).
     */
    public boolean transition(Connection c, StoredPayment p, String from, String to, String transaction, String reason)
            throws SQLException {
        try (PreparedStatement st = c.prepareStatement("UPDATE payments SET state = ?, "
                + "transaction_ref = COALESCE(?, transaction_ref), reason = ?, updated_at = now() "
                + "WHERE payment_id = ? AND state = ?")) {
            st.setString(1, to);
            st.setString(2, transaction);
            st.setString(3, reason);
            st.setObject(4, p.paymentId());
            st.setString(5, from);
            if (st.executeUpdate() != 1) {
                return false;
            }
        }
        event(c, p.paymentId(), to, p.payer(), p.network(), p.amountAtomic(), transaction != null ? transaction : p.transaction(), reason);
        return true;
    }

    /** Keeps the call event of a payment being settled, for a later reconciliation. */
    public void keepCallEvent(Connection c, UUID paymentId, String eventJson) throws SQLException {
        try (PreparedStatement st = c.prepareStatement("UPDATE payments SET call_event = ? WHERE payment_id = ?")) {
            st.setString(1, eventJson);
            st.setObject(2, paymentId);
            st.executeUpdate();
        }
    }

    public Optional<String> callEvent(Connection c, UUID paymentId) throws SQLException {
        try (PreparedStatement st = c.prepareStatement("SELECT call_event FROM payments WHERE payment_id = ?")) {
            st.setObject(1, paymentId);
            try (ResultSet rs = st.executeQuery()) {
                return rs.next() ? Optional.ofNullable(rs.getString(1)) : Optional.empty();
            }
        }
    }

    /** Records a local settlement in the ledger. */
    public void ledger(Connection c, StoredPayment p, String reference) throws SQLException {
        try (PreparedStatement st = c.prepareStatement("INSERT INTO ledger_entries (payment_id, reference, network, payer, "
                + "pay_to, amount_atomic) VALUES (?, ?, ?, ?, ?, ?)")) {
            st.setObject(1, p.paymentId());
            st.setString(2, reference);
            st.setString(3, p.network());
            st.setString(4, p.payer());
            st.setString(5, p.payTo());
            st.setBigDecimal(6, new BigDecimal(p.amountAtomic()));
            st.executeUpdate();
        }
    }

    /** Sum of what the ledger holds for a payer, for tests and operators. */
    public long ledgerCount(Connection c, String claimKey) throws SQLException {
        try (PreparedStatement st = c.prepareStatement("SELECT count(*) FROM ledger_entries l JOIN payments p "
                + "ON p.payment_id = l.payment_id WHERE p.claim_key = ?")) {
            st.setString(1, claimKey);
            try (ResultSet rs = st.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    /** Payments stuck in {@code pending} (settlement outcome unknown), oldest first. */
    public java.util.List<StoredPayment> pending(Connection c, int limit) throws SQLException {
        java.util.List<StoredPayment> list = new java.util.ArrayList<>();
        try (PreparedStatement st = c.prepareStatement("SELECT " + COLUMNS + " FROM payments WHERE state = 'pending' "
                + "ORDER BY updated_at LIMIT ? FOR UPDATE SKIP LOCKED")) {
            st.setInt(1, limit);
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    list.add(row(rs));
                }
            }
        }
        return list;
    }

    private void event(Connection c, UUID paymentId, String state, String payer, String network, BigInteger amount,
                       String transaction, String reason) throws SQLException {
        UUID eventId = ids.next();
        PaymentEvent event = new PaymentEvent(eventId.toString(), Instant.now(clock).toString(), paymentId.toString(),
                state, payer == null ? "" : payer.toLowerCase(java.util.Locale.ROOT), network, amount.toString(),
                transaction, reason);
        try (PreparedStatement st = c.prepareStatement(
                "INSERT INTO payment_event_outbox (event_id, payer, payload) VALUES (?, ?, ?)")) {
            st.setObject(1, eventId);
            st.setString(2, event.payer());
            st.setString(3, new String(json.write(event), StandardCharsets.UTF_8));
            st.executeUpdate();
        }
    }

    private Optional<StoredPayment> one(Connection c, String sql, String key, boolean unused) throws SQLException {
        try (PreparedStatement st = c.prepareStatement(sql)) {
            if (sql.contains("payment_id = ?")) {
                st.setObject(1, UUID.fromString(key));
            } else {
                st.setString(1, key);
            }
            try (ResultSet rs = st.executeQuery()) {
                return rs.next() ? Optional.of(row(rs)) : Optional.empty();
            }
        }
    }

    private static StoredPayment row(ResultSet rs) throws SQLException {
        long validBefore = rs.getLong(11);
        Long vb = rs.wasNull() ? null : validBefore;
        return new StoredPayment(rs.getObject(1, UUID.class), rs.getString(2), rs.getString(3), rs.getInt(4),
                rs.getString(5), rs.getString(6), rs.getString(7), rs.getString(8),
                rs.getBigDecimal(9).toBigIntegerExact(), rs.getString(10), vb, rs.getString(12), rs.getString(13),
                rs.getString(14), rs.getString(15), rs.getString(16), rs.getString(17), rs.getString(18));
    }
}
