package dev.quipu.payment.admission;

import dev.quipu.contracts.events.CallCompleted;
import dev.quipu.contracts.pricebook.Operation;
import dev.quipu.contracts.pricebook.PriceBook;
import dev.quipu.payment.PaymentsConfig;
import dev.quipu.payment.ledger.PaymentStore;
import dev.quipu.payment.ledger.StoredPayment;
import dev.quipu.payment.outbox.CallOutbox;
import dev.quipu.payment.outbox.OutboxRelay;
import dev.quipu.payment.trial.TrialCounter;
import dev.quipu.payment.x402.Authorization;
import dev.quipu.payment.x402.ChallengeBuilder;
import dev.quipu.payment.x402.Eip3009Verifier;
import dev.quipu.proof.Network;
import dev.quipu.payment.x402.PaymentHeaderCodec;
import dev.quipu.payment.x402.PaymentPayload;
import dev.quipu.payment.x402.PaymentRequirements;
import dev.quipu.payment.x402.Reasons;
import dev.quipu.payment.x402.Refusal;
import io.micronaut.jdbc.DataSourceResolver;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.sql.DataSource;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * The x402 server: answers the gateway's {@code admit} (challenge, trial, or verify and claim) and
 * {@code complete} (settle or release, with the call event in the same transaction).
 */
@Singleton
public class PaymentAdmission {

    private static final Logger LOG = LoggerFactory.getLogger(PaymentAdmission.class);
    private static final Pattern EVM_ADDRESS = Pattern.compile("0x[0-9a-fA-F]{40}");
    private static final String PAY_PREFIX = "pay:";
    private static final String TRIAL_PREFIX = "trial:";

    private final PriceBook priceBook;
    private final PaymentsConfig config;
    private final PaymentHeaderCodec codec;
    private final Eip3009Verifier verifier;
    private final ChallengeBuilder challenges;
    private final PaymentStore store;
    private final TrialCounter trials;
    private final CallOutbox outbox;
    private final OutboxRelay relay;
    private final Settlement settlement;
    private final TierDiscounts discounts;
    private final DataSource dataSource;
    private final io.micronaut.json.JsonMapper json;

    public PaymentAdmission(PriceBook priceBook, PaymentsConfig config, PaymentHeaderCodec codec,
                            Eip3009Verifier verifier, PaymentStore store, TrialCounter trials, CallOutbox outbox,
                            OutboxRelay relay, Settlement settlement, TierDiscounts discounts, DataSource dataSource,
                            DataSourceResolver resolver, io.micronaut.json.JsonMapper json) {
        this.json = json;
        this.priceBook = priceBook;
        this.config = config;
        this.codec = codec;
        this.verifier = verifier;
        this.store = store;
        this.trials = trials;
        this.outbox = outbox;
        this.relay = relay;
        this.settlement = settlement;
        this.discounts = discounts;
        // plain pooled connections: this class manages its own transactions
        this.dataSource = resolver.resolve(dataSource);
        this.challenges = new ChallengeBuilder(new ChallengeBuilder.Accepts() {
            public Network evmNetwork() {
                return Network.byCaip2(config.evmNetwork()).filter(Network::evm)
                        .orElseThrow(() -> new IllegalStateException("unknown EVM network " + config.evmNetwork()));
            }

            public String evmPayTo() {
                return config.evmPayTo();
            }

            public Network solanaNetwork() {
                return Network.byCaip2(config.solanaNetwork()).orElse(Network.SOLANA);
            }

            public String solanaPayTo() {
                return config.solanaPayTo();
            }

            public String solanaFeePayer() {
                String fromFacilitator = settlement.solanaFeePayer(config.solanaNetwork());
                return fromFacilitator != null ? fromFacilitator : config.solanaFeePayer();
            }

            public int maxTimeoutSeconds() {
                return config.maxTimeoutSeconds();
            }
        });
    }

    public Settlement settlement() {
        return settlement;
    }

    // ------------------------------------------------------------------ admit

    public Decision admit(AdmitRequest request) {
        Optional<Operation> found = priceBook.byId(request.operationId());
        if (found.isEmpty()) {
            return Decision.respondJson(404, Map.of(), "{\"error\":\"unknown_operation\",\"message\":\"No paid operation "
                    + request.operationId().replaceAll("[^A-Za-z0-9_]", "") + ".\"}");
        }
        Operation op = found.get();
        Quote quote = quote(op, request.agentId(), request.discountPct());
        List<PaymentRequirements> reqs = challenges.requirements(op, quote.amountAtomic());
        try {
            if (request.paymentSignature() != null) {
                return pay(request, op, quote, reqs, codec.decodeV2(request.paymentSignature()));
            }
            if (request.xPayment() != null) {
                return pay(request, op, quote, reqs, codec.decodeV1(request.xPayment()));
            }
            if ("true".equalsIgnoreCase(request.xTrial() == null ? null : request.xTrial().strip())) {
                if (!op.trial()) {
                    throw new Refusal("trial_not_available", op.path() + " takes no trial calls; pay with PAYMENT-SIGNATURE");
                }
                return trial(request, op);
            }
            throw new Refusal(Reasons.PAYMENT_REQUIRED, "this call costs " + op.priceUsdc().toPlainString()
                    + " USDC; send a PAYMENT-SIGNATURE header (x402 v2) or X-PAYMENT (v1)"
                    + (op.trial() ? ", or X-TRIAL: true for a free trial call" : ""));
        } catch (Refusal r) {
            return challenge(op, request.resourceUrl(), reqs, r);
        } catch (Settlement.Unavailable e) {
            LOG.warn("payment verification unavailable: {}", e.getMessage());
            if (e.malformed()) {
                return Decision.respondJson(502, Map.of(), codec.toJson(errorBody("facilitator_bad_answer",
                        "The payment facilitator answered something that is not x402; nothing was charged.")));
            }
            return Decision.respondJson(503, Map.of("Retry-After", "5"), codec.toJson(errorBody(Reasons.FACILITATOR_UNAVAILABLE,
                    "No payment facilitator could verify the payment right now; nothing was charged. Retry shortly.")));
        } catch (SQLException e) {
            LOG.warn("payment admission failed on the database: {}", e.getMessage());
            return Decision.respondJson(503, Map.of("Retry-After", "2"), codec.toJson(errorBody("payments_unavailable",
                    "The payment could not be recorded right now; nothing was charged. Retry shortly.")));
        }
    }

    /** The 402 challenge: v2 PaymentRequired in the header, the v1 document as the body. */
    public Decision challenge(Operation op, String resourceUrl, List<PaymentRequirements> reqs, Refusal why) {
        Map<String, Object> v2 = challenges.paymentRequired(op, resourceUrl, reqs, why.describe());
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("PAYMENT-REQUIRED", codec.encode(v2));
        headers.put("Cache-Control", "no-store");
        return Decision.respondJson(402, headers, codec.toJson(challenges.v1Body(op, resourceUrl, reqs, why.describe(), why.reason())));
    }

    /** The requirements a client would be sent for this operation and named agent (for tools such as `quipu pay`). */
    public List<PaymentRequirements> requirements(Operation op, String agentId) {
        return challenges.requirements(op, quote(op, agentId, null).amountAtomic());
    }

    private record Quote(long amountAtomic, String requiredPayer) {
    }

    /** The list price, less the tier discount of the wallet the request names; then only that wallet may pay. */
    private Quote quote(Operation op, String agentId, Integer discountPct) {
        long list = op.priceAtomic();
        if (agentId != null && EVM_ADDRESS.matcher(agentId).matches()) {
            int pct = Math.max(0, Math.min(100, discountPct != null ? discountPct
                    : discounts.percentFor(agentId.toLowerCase(Locale.ROOT))));
            if (pct > 0) {
                return new Quote(list * (100 - pct) / 100, agentId);
            }
        }
        return new Quote(list, null);
    }

    private Decision trial(AdmitRequest request, Operation op) throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try {
                TrialCounter.Outcome outcome = trials.consume(c, op.path(), request.clientIp());
                c.commit();
                if (!outcome.granted()) {
                    long seconds = Math.max(1, outcome.retryAfter().toSeconds());
                    Map<String, Object> body = errorBody("trial_exhausted", "The " + config.trialCalls()
                            + " free trial calls of " + op.path() + " for this address in the last "
                            + config.trialWindow().toHours() + " h are used up.");
                    body.put("hint", "Pay per call with PAYMENT-SIGNATURE (x402 v2), or retry after " + seconds + " s.");
                    body.put("retry_after_seconds", seconds);
                    return Decision.respondJson(429, Map.of("Retry-After", Long.toString(seconds), "Cache-Control", "no-store"),
                            codec.toJson(body));
                }
                return Decision.admit("trial", null, 0, null, TRIAL_PREFIX + outcome.trialId());
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            }
        }
    }

    private Decision pay(AdmitRequest request, Operation op, Quote quote, List<PaymentRequirements> reqs,
                         PaymentPayload payment) throws Refusal, Settlement.Unavailable, SQLException {
        String fingerprint = sha256Hex(payment.json() + "|" + request.requestHash());
        String identifier = payment.paymentIdentifier();
        if (identifier != null) {
            if (!identifier.matches("[A-Za-z0-9_-]{16,128}")) {
                throw new Refusal(Reasons.INVALID_PAYLOAD, "the payment-identifier id must be 16-128 characters of A-Z a-z 0-9 _ -");
            }
            Optional<Decision> replay = replayOrConflict(identifier, fingerprint);
            if (replay.isPresent()) {
                return replay.get();
            }
        }
        PaymentRequirements required = match(payment, reqs);
        Network network = Network.byCaip2(required.network()).orElseThrow();
        String claimKey;
        String payer;
        String nonce = null;
        Long validBefore = null;
        if (network.evm()) {
            Authorization auth = verifier.verify(payment, required, network);
            if (auth.deferred() && !settlement.acceptsDeferred()) {
                throw new Refusal(Reasons.NEEDS_FACILITATOR, "smart-wallet signatures (longer than 65 bytes) can only be"
                        + " checked by a facilitator; this server runs in local mode");
            }
            payer = auth.from();
            nonce = auth.nonce().toLowerCase(Locale.ROOT);
            validBefore = auth.validBefore().longValueExact();
            claimKey = network.caip2() + "|" + required.asset().toLowerCase(Locale.ROOT) + "|"
                    + payer.toLowerCase(Locale.ROOT) + "|" + nonce;
        } else {
            if (!settlement.acceptsDeferred()) {
                throw new Refusal(Reasons.NEEDS_FACILITATOR, "Solana payments are verified and settled by a facilitator;"
                        + " this server runs in local mode: pay on " + reqs.get(0).network());
            }
            String tx = payment.transaction();
            byte[] bytes;
            try {
                bytes = tx == null ? null : Base64.getDecoder().decode(tx);
            } catch (IllegalArgumentException e) {
                bytes = null;
            }
            if (bytes == null || bytes.length == 0) {
                throw new Refusal(Reasons.INVALID_PAYLOAD, "payload.transaction must be a base64 Solana transaction");
            }
            claimKey = network.caip2() + "|tx|" + sha256Hex(bytes);
            payer = null;
        }
        if (quote.requiredPayer() != null && (payer == null || !payer.equalsIgnoreCase(quote.requiredPayer()))) {
            throw new Refusal(Reasons.PAYER_MISMATCH, "the discounted price quoted for " + quote.requiredPayer()
                    + " must be paid by that wallet");
        }
        if (!settlement.settlesInPlace()) {
            // a cheap early answer for a replayed authorization, before asking a facilitator (locally
            // the claim below answers it as cheaply)
            try (Connection c = dataSource.getConnection()) {
                Optional<StoredPayment> existing = store.findByClaimKey(c, claimKey);
                if (existing.isPresent() && !"released".equals(existing.get().state())) {
                    throw alreadyUsed(existing.get());
                }
            }
        }
        String facilitator = settlement.verify(payment, required);
        PaymentStore.Claim claim = new PaymentStore.Claim(claimKey, payment.x402Version(), network.caip2(),
                required.asset(), payer, required.payTo(), new BigInteger(required.amount()), nonce, validBefore,
                op.id(), request.resourceUrl(), payment.json(), codec.toJson(required.toWire()), facilitator,
                identifier, fingerprint);
        UUID paymentId;
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try {
                Optional<UUID> claimed = store.claim(c, claim);
                if (claimed.isEmpty()) {
                    c.rollback();
                    throw alreadyUsed(store.findByClaimKey(c, claimKey).orElse(null));
                }
                paymentId = claimed.get();
                if (identifier != null && !bindIdentifier(c, identifier, fingerprint, paymentId)) {
                    c.rollback();
                    return conflict("payment_in_progress", "A payment with this payment-identifier is being processed.");
                }
                c.commit();
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            }
        }
        return Decision.admit("paid", payer == null ? null : payer.toLowerCase(Locale.ROOT),
                Long.parseLong(required.amount()), new CallCompleted.PaymentRef(network.caip2(), null, nonce),
                PAY_PREFIX + paymentId);
    }

    private static Refusal alreadyUsed(StoredPayment existing) {
        String state = existing == null ? "claimed" : existing.state();
        return new Refusal(Reasons.ALREADY_USED, "this authorization was already presented (payment "
                + (existing == null ? "" : existing.paymentId() + " ") + "is " + state
                + "); one authorization pays for exactly one call, sign a new one");
    }

    private PaymentRequirements match(PaymentPayload payment, List<PaymentRequirements> reqs) throws Refusal {
        if (payment.x402Version() == 1) {
            Network net = Network.byV1Name(payment.network()).orElseThrow(() ->
                    new Refusal(Reasons.ACCEPTED_MISMATCH, "network '" + payment.network() + "' is not accepted"));
            return reqs.stream().filter(r -> r.scheme().equals(payment.scheme()) && r.network().equals(net.caip2()))
                    .findFirst().orElseThrow(() -> new Refusal(Reasons.ACCEPTED_MISMATCH, "no accepted requirement for scheme '"
                            + payment.scheme() + "' on network '" + payment.network() + "'"));
        }
        PaymentRequirements accepted = payment.accepted();
        for (PaymentRequirements r : reqs) {
            if (r.acceptedBy(accepted)) {
                return r;
            }
        }
        String hint = reqs.stream().filter(r -> r.network().equals(accepted.network())).findFirst()
                .map(r -> " (advertised for " + r.network() + ": amount " + r.amount() + ", payTo " + r.payTo()
                        + ", asset " + r.asset() + ", maxTimeoutSeconds " + r.maxTimeoutSeconds() + ", extra " + r.extra() + ")")
                .orElse(" (network " + accepted.network() + " is not accepted)");
        throw new Refusal(Reasons.ACCEPTED_MISMATCH, "'accepted' is not one of the requirements this server advertises" + hint);
    }

    // ------------------------------------------------------------------ payment-identifier

    private Optional<Decision> replayOrConflict(String identifier, String fingerprint) throws SQLException {
        try (Connection c = dataSource.getConnection();
             PreparedStatement st = c.prepareStatement("SELECT i.fingerprint, i.response_status, i.response_type, "
                     + "i.response_headers, i.response_body, p.state FROM payment_identifiers i JOIN payments p "
                     + "ON p.payment_id = i.payment_id WHERE i.identifier = ?")) {
            st.setString(1, identifier);
            try (ResultSet rs = st.executeQuery()) {
                if (!rs.next()) {
                    return Optional.empty();
                }
                if (!rs.getString(1).equals(fingerprint)) {
                    return Optional.of(conflict("payment_identifier_conflict", "This payment-identifier was already used"
                            + " with a different payment or request; use a new id for a new payment."));
                }
                int status = rs.getInt(2);
                if (!rs.wasNull()) {
                    Map<String, String> headers = parseHeaders(rs.getString(4));
                    return Optional.of(Decision.respond(status, headers, rs.getString(3), rs.getBytes(5)));
                }
                if ("released".equals(rs.getString(6))) {
                    return Optional.empty();
                }
                return Optional.of(conflict("payment_in_progress", "A payment with this payment-identifier is "
                        + rs.getString(6) + "; retry shortly to get its response."));
            }
        }
    }

    private boolean bindIdentifier(Connection c, String identifier, String fingerprint, UUID paymentId) throws SQLException {
        try (PreparedStatement st = c.prepareStatement("INSERT INTO payment_identifiers (identifier, fingerprint, payment_id) "
                + "VALUES (?, ?, ?) ON CONFLICT (identifier) DO UPDATE SET payment_id = EXCLUDED.payment_id "
                + "WHERE payment_identifiers.fingerprint = EXCLUDED.fingerprint AND payment_identifiers.response_status IS NULL")) {
            st.setString(1, identifier);
            st.setString(2, fingerprint);
            st.setObject(3, paymentId);
            return st.executeUpdate() == 1;
        }
    }

    private void storeResponse(Connection c, String identifier, int status, String contentType, Map<String, String> headers,
                               byte[] body) throws SQLException {
        try (PreparedStatement st = c.prepareStatement("UPDATE payment_identifiers SET response_status = ?, "
                + "response_type = ?, response_headers = ?, response_body = ? WHERE identifier = ?")) {
            st.setInt(1, status);
            st.setString(2, contentType);
            st.setString(3, codec.toJson(headers));
            st.setBytes(4, body);
            st.setString(5, identifier);
            st.executeUpdate();
        }
    }

    private Map<String, String> parseHeaders(String jsonText) {
        Map<String, String> out = new LinkedHashMap<>();
        if (jsonText == null) {
            return out;
        }
        try {
            Object parsed = json.readValue(jsonText, Object.class);
            if (parsed instanceof Map<?, ?> m) {
                m.forEach((k, v) -> out.put(String.valueOf(k), String.valueOf(v)));
            }
        } catch (java.io.IOException e) {
            LOG.warn("stored response headers are unreadable: {}", e.getMessage());
        }
        return out;
    }

    // ------------------------------------------------------------------ complete

    public Decision complete(CompleteRequest request) {
        try {
            if (request.ticket().startsWith(TRIAL_PREFIX)) {
                return completeTrial(UUID.fromString(request.ticket().substring(TRIAL_PREFIX.length())), request);
            }
            if (request.ticket().startsWith(PAY_PREFIX)) {
                return completePayment(UUID.fromString(request.ticket().substring(PAY_PREFIX.length())), request);
            }
        } catch (IllegalArgumentException e) {
            // fall through: a malformed ticket
        } catch (SQLException e) {
            LOG.warn("completing {} failed on the database: {}", request.ticket(), e.getMessage());
            return Decision.respondJson(503, Map.of("Retry-After", "2"), codec.toJson(errorBody("payments_unavailable",
                    "The payment could not be completed right now; retry the same request.")));
        }
        return Decision.respondJson(404, Map.of(), codec.toJson(errorBody("unknown_ticket", "No such admitted call.")));
    }

    private Decision completeTrial(UUID trialId, CompleteRequest request) throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try {
                if (request.succeeded()) {
                    if (trials.complete(c, trialId)) {
                        outbox.append(c, request.event());
                    }
                } else {
                    trials.release(c, trialId);
                    if (request.reached()) {
                        outbox.append(c, request.event());
                    }
                }
                c.commit();
                relay.wake();
                return Decision.deliver(Map.of());
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            }
        }
    }

    private Decision completePayment(UUID paymentId, CompleteRequest request) throws SQLException {
        StoredPayment payment;
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try {
                Optional<StoredPayment> locked = store.lock(c, paymentId);
                if (locked.isEmpty()) {
                    c.rollback();
                    return Decision.respondJson(404, Map.of(), codec.toJson(errorBody("unknown_ticket", "No such payment.")));
                }
                payment = locked.get();
                switch (payment.state()) {
                    case "settled" -> {
                        c.rollback();
                        return Decision.deliver(responseHeaders(payment, true, payment.transaction(), null));
                    }
                    case "failed" -> {
                        c.rollback();
                        return settlementFailed(payment, payment.reason(), "the payment could not be settled");
                    }
                    case "released" -> {
                        c.rollback();
                        return Decision.deliver(Map.of());
                    }
                    case "pending", "settling" -> {
                        c.rollback();
                        return settlementPending(payment);
                    }
                    default -> {
                    }
                }
                if (!request.succeeded()) {
                    // the backend failed: nothing is settled and the authorization is free again
                    store.transition(c, payment, "claimed", "released", null, "backend answered " + request.status());
                    if (request.reached()) {
                        outbox.append(c, withoutCharge(request.event()));
                    }
                    c.commit();
                    relay.wake();
                    return Decision.deliver(Map.of());
                }
                store.transition(c, payment, "claimed", "settling", null, null);
                if (settlement.settlesInPlace()) {
                    // the ledger is in this database: settle in this transaction, nothing can be in doubt
                    return settled(c, payment, settlement.settle(payment), request);
                }
                store.keepCallEvent(c, paymentId, codec.toJson(request.event()));
                c.commit();
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            }
        }
        // settling is durable before the facilitator is asked: a crash from here on is reconciled
        Settlement.Outcome outcome = settlement.settle(payment);
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try {
                return settled(c, store.lock(c, paymentId).orElseThrow(), outcome, request);
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            }
        }
    }

    /** Records a settlement outcome of a payment in {@code settling} and commits. */
    private Decision settled(Connection c, StoredPayment current, Settlement.Outcome outcome, CompleteRequest request)
            throws SQLException {
        switch (outcome.status()) {
            case SETTLED -> {
                if (outcome.local()) {
                    store.ledger(c, current, outcome.transaction());
                }
                store.transition(c, current, "settling", "settled", outcome.transaction(), null);
                outbox.append(c, withPayment(request.event(), current, outcome.transaction()));
                Map<String, String> headers = responseHeaders(current, true, outcome.transaction(), null);
                if (current.paymentIdentifier() != null) {
                    storeResponse(c, current.paymentIdentifier(), request.status(), request.contentType(), headers,
                            request.bodyBase64() == null ? null : Base64.getDecoder().decode(request.bodyBase64()));
                }
                c.commit();
                relay.wake();
                return Decision.deliver(headers);
            }
            case FAILED -> {
                store.transition(c, current, "settling", "failed", null, outcome.reason());
                c.commit();
                return settlementFailed(current, outcome.reason(), outcome.message());
            }
            default -> {
                store.transition(c, current, "settling", "pending", outcome.transaction(), outcome.reason());
                c.commit();
                return settlementPending(current);
            }
        }
    }

    /**
     * Retries the settlement of payments whose outcome was unknown ({@code pending}) on the same
     * facilitator; a success writes the kept call event to the outbox in the settling transaction.
     * Returns how many payments left {@code pending}.
     */
    public int reconcilePending(int limit) throws SQLException {
        int resolved = 0;
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try {
                for (StoredPayment p : store.pending(c, limit)) {
                    Settlement.Outcome outcome = settlement.settle(p);
                    if (outcome.status() == Settlement.Outcome.Status.SETTLED) {
                        store.transition(c, p, "pending", "settled", outcome.transaction(), null);
                        Optional<String> eventJson = store.callEvent(c, p.paymentId());
                        if (eventJson.isPresent()) {
                            CallCompleted event = json.readValue(eventJson.get(), CallCompleted.class);
                            outbox.append(c, withPayment(event, p, outcome.transaction()));
                        }
                        resolved++;
                    } else if (outcome.status() == Settlement.Outcome.Status.FAILED) {
                        store.transition(c, p, "pending", "failed", null, outcome.reason());
                        resolved++;
                    }
                }
                c.commit();
                relay.wake();
            } catch (SQLException | RuntimeException | java.io.IOException e) {
                c.rollback();
                throw e instanceof SQLException sql ? sql : new SQLException(e);
            }
        }
        return resolved;
    }

    private Decision settlementFailed(StoredPayment p, String reason, String message) {
        Map<String, String> headers = responseHeaders(p, false, "", reason);
        headers.put("Cache-Control", "no-store");
        return Decision.respondJson(402, headers, codec.toJson(errorBody(Reasons.SETTLEMENT_FAILED,
                "The payment could not be settled (" + reason + (message == null ? "" : ": " + message)
                        + "); no data is delivered and nothing was charged.")));
    }

    private Decision settlementPending(StoredPayment p) {
        Map<String, String> headers = responseHeaders(p, false, p.transaction() == null ? "" : p.transaction(), "settlement_pending");
        headers.put("Retry-After", "10");
        Map<String, Object> body = errorBody("settlement_pending", "The payment was sent for settlement but its outcome"
                + " is not known yet; do not pay again. Retry with the same payment-identifier to get the response.");
        body.put("payment_id", p.paymentId().toString());
        return Decision.respondJson(504, headers, codec.toJson(body));
    }

    /** {@code PAYMENT-RESPONSE} for v2 callers, {@code X-PAYMENT-RESPONSE} for v1 callers. */
    private Map<String, String> responseHeaders(StoredPayment p, boolean success, String transaction, String reason) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("success", success);
        if (reason != null) {
            doc.put("errorReason", reason);
        }
        doc.put("transaction", transaction == null ? "" : transaction);
        doc.put("network", p.x402Version() == 1 ? Network.byCaip2(p.network()).map(Network::v1Name).orElse(p.network()) : p.network());
        if (p.payer() != null) {
            doc.put("payer", p.payer());
        }
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put(p.x402Version() == 1 ? "X-PAYMENT-RESPONSE" : "PAYMENT-RESPONSE", codec.encode(doc));
        return headers;
    }

    /**
     * The call event with the payment as settled: payer, network, transaction and nonce from the record,
     * and the payment proof (the requirement and the authorization exactly as presented, with the
     * settlement reference), so that the event proves its payment to anyone.
     */
    private CallCompleted withPayment(CallCompleted e, StoredPayment p, String transaction) {
        CallCompleted.PaymentRef ref = new CallCompleted.PaymentRef(p.network(), transaction, p.nonce());
        return new CallCompleted(e.eventId(), e.occurredAt(), e.operationId(), e.route(), e.agentId(),
                p.payer() == null ? e.payer() : p.payer().toLowerCase(Locale.ROOT), "paid", e.priceUsdc(),
                p.amountAtomic().longValueExact(), ref, e.status(), e.latencyMs(), e.requestJson(),
                e.responseJson(), e.dataVersions(), PaymentEvidence.of(p, transaction, json));
    }

    /** A call that charged nothing proves no payment: no amount, no proof. */
    private static CallCompleted withoutCharge(CallCompleted e) {
        return new CallCompleted(e.eventId(), e.occurredAt(), e.operationId(), e.route(), e.agentId(), e.payer(),
                e.access(), e.priceUsdc(), 0, e.paymentRef(), e.status(), e.latencyMs(), e.requestJson(),
                e.responseJson(), e.dataVersions(), null);
    }

    private Decision conflict(String error, String message) {
        return Decision.respondJson(409, Map.of("Cache-Control", "no-store"), codec.toJson(errorBody(error, message)));
    }

    static Map<String, Object> errorBody(String error, String message) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("error", error);
        body.put("message", message);
        return body;
    }

    static String sha256Hex(String text) {
        return sha256Hex(text.getBytes(StandardCharsets.UTF_8));
    }

    static String sha256Hex(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
