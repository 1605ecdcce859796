package dev.quipu.payment.x402;

import dev.quipu.contracts.events.CallCompleted;
import dev.quipu.proof.Network;
import dev.quipu.proof.PaymentProofCheck;
import dev.quipu.proof.SignerRecovery;
import io.micronaut.json.JsonMapper;
import org.junit.jupiter.api.Test;

import java.math.BigInteger;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.UnaryOperator;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The shared proof checker ({@code platform/payment-proof}) on real authorizations signed by
 * payment-service's own {@link PaymentSigner} with the development key (Hardhat/Anvil #0) and test
 * vector B's key: a genuine proof checks, and each single lie is named by its rule.
 */
class PaymentProofCheckTest {

    static final String DEV_KEY = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";
    static final String PAY_TO = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
    static final JsonMapper JSON = JsonMapper.createDefault();
    static final PaymentProofCheck CHECK = PaymentProofCheck.standard();

    /** A paid event as payment-service writes it: requirement, the signed authorization as presented, settlement. */
    @SuppressWarnings("unchecked")
    static CallCompleted genuine(String key, Network network, long amount) {
        PaymentRequirements req = new PaymentRequirements("exact", network.caip2(), Long.toString(amount), network.usdc(),
                PAY_TO, 60, Map.of("name", network.tokenName(), "version", network.tokenVersion()));
        PaymentSigner signer = new PaymentSigner(key, JSON, Clock.systemUTC());
        Map<String, Object> payload = (Map<String, Object>) signer.payV2(req, null).get("payload");
        Map<String, Object> a = (Map<String, Object>) payload.get("authorization");
        CallCompleted.TransferAuthorization auth = new CallCompleted.TransferAuthorization((String) a.get("from"),
                (String) a.get("to"), (String) a.get("value"), (String) a.get("validAfter"), (String) a.get("validBefore"),
                (String) a.get("nonce"));
        String tx = "0x" + "ab".repeat(32);
        CallCompleted.PaymentProof proof = new CallCompleted.PaymentProof("exact", network.caip2(), network.usdc(), PAY_TO,
                Long.toString(amount), auth, (String) payload.get("signature"), null, tx, null);
        return new CallCompleted(UUID.randomUUID().toString(), CallCompleted.canonicalInstant(Instant.now()), "rates",
                "POST /rates", "agent-proof", signer.address().toLowerCase(), "paid", "0.02", amount,
                new CallCompleted.PaymentRef(network.caip2(), tx, auth.nonce().toLowerCase()), 200, 7, "{\"country\":\"CO\"}",
                "{\"usd_cop\":\"4000.1\"}", Map.of(), proof);
    }

    static CallCompleted genuine() {
        return genuine(DEV_KEY, Network.BASE, 20000);
    }

    static CallCompleted proof(CallCompleted e, UnaryOperator<CallCompleted.PaymentProof> change) {
        return e.withPaymentProof(change.apply(e.paymentProof()));
    }

    static CallCompleted.PaymentProof auth(CallCompleted.PaymentProof p, UnaryOperator<CallCompleted.TransferAuthorization> change) {
        return new CallCompleted.PaymentProof(p.scheme(), p.network(), p.asset(), p.payTo(), p.amount(),
                change.apply(p.authorization()), p.signature(), p.transaction(), p.settlement(), p.unverifiableOffline());
    }

    static CallCompleted event(CallCompleted e, String payer, long charged, CallCompleted.PaymentRef ref, String occurredAt) {
        return new CallCompleted(e.eventId(), occurredAt, e.operationId(), e.route(), e.agentId(), payer, e.access(),
                e.priceUsdc(), charged, ref, e.status(), e.latencyMs(), e.requestJson(), e.responseJson(), e.dataVersions(),
                e.paymentProof());
    }

    static String code(CallCompleted e) {
        PaymentProofCheck.Verdict v = CHECK.check(e);
        assertEquals(PaymentProofCheck.Status.INVALID, v.status(), v.toString());
        return v.code();
    }

    @Test
    void aGenuineAuthorizationSignedWithTheDevelopmentKeyChecksWithBothEngines() {
        CallCompleted e = genuine();
        for (SignerRecovery engine : new SignerRecovery[] {SignerRecovery.fastest(), SignerRecovery.pureJava()}) {
            PaymentProofCheck.Verdict v = new PaymentProofCheck(engine, Duration.ofSeconds(30), Set.of()).check(e);
            assertEquals(PaymentProofCheck.Status.VALID, v.status(), engine.engine() + ": " + v);
            assertEquals("0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266", v.signer());
        }
        assertEquals(PaymentProofCheck.Status.VALID, CHECK.check(genuine(Eip3009VerifierTest.KEY_B, Network.BASE_SEPOLIA, 10000)).status(),
                "vector B's key on Base Sepolia (domain name USDC)");
        assertEquals(PaymentProofCheck.Status.VALID, new PaymentProofCheck(SignerRecovery.pureJava(), Duration.ofSeconds(30),
                Set.of(PAY_TO.toUpperCase().replace("0X", "0x"))).check(e).status(), "a pinned recipient, any case");
    }

    @Test
    void aTamperedValueIsNotWhatThePayerSigned() {
        CallCompleted e = genuine();
        // the whole event lies consistently about the amount: only the signature tells
        CallCompleted dearer = event(proof(e, p -> auth(new CallCompleted.PaymentProof(p.scheme(), p.network(), p.asset(),
                p.payTo(), "2000000", p.authorization(), p.signature(), p.transaction(), p.settlement(), null),
                a -> new CallCompleted.TransferAuthorization(a.from(), a.to(), "2000000", a.validAfter(), a.validBefore(),
                        a.nonce()))), e.payer(), 2_000_000, e.paymentRef(), e.occurredAt());
        assertEquals("signer", code(dearer));
        // the event claims more than the authorization pays
        assertEquals("amount", code(event(e, e.payer(), 30000, e.paymentRef(), e.occurredAt())));
        CallCompleted valueOnly = proof(e, p -> auth(p, a -> new CallCompleted.TransferAuthorization(a.from(), a.to(),
                "1", a.validAfter(), a.validBefore(), a.nonce())));
        assertEquals("value", code(valueOnly));
    }

    @Test
    void aWrongRecipientIsNamed() {
        CallCompleted e = genuine();
        String other = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
        assertEquals("recipient", code(proof(e, p -> new CallCompleted.PaymentProof(p.scheme(), p.network(), p.asset(), other,
                p.amount(), p.authorization(), p.signature(), p.transaction(), p.settlement(), null))));
        CallCompleted.PaymentProof redirected = auth(e.paymentProof(), a -> new CallCompleted.TransferAuthorization(a.from(),
                other, a.value(), a.validAfter(), a.validBefore(), a.nonce()));
        assertEquals("signer", code(e.withPaymentProof(new CallCompleted.PaymentProof(redirected.scheme(), redirected.network(),
                redirected.asset(), other, redirected.amount(), redirected.authorization(), redirected.signature(), null,
                redirected.settlement(), null))), "to and pay_to changed together: not what was signed");
        PaymentProofCheck pinned = new PaymentProofCheck(SignerRecovery.pureJava(), Duration.ofSeconds(30), Set.of(other));
        assertEquals("pay_to", pinned.check(e).code(), "a genuine payment to someone the checker does not know as the operator");
    }

    @Test
    void aWrongNetworkIsNamed() {
        CallCompleted e = genuine();
        CallCompleted.PaymentRef sepoliaRef = new CallCompleted.PaymentRef("eip155:84532", e.paymentRef().transaction(),
                e.paymentRef().nonce());
        CallCompleted sepolia = event(proof(e, p -> new CallCompleted.PaymentProof(p.scheme(), "eip155:84532",
                Network.BASE_SEPOLIA.usdc(), p.payTo(), p.amount(), p.authorization(), p.signature(), null, p.settlement(), null)),
                e.payer(), e.chargedAtomic(), sepoliaRef, e.occurredAt());
        assertEquals("signer", code(sepolia), "signed for Base: under Sepolia's USDC domain it recovers someone else");
        assertEquals("network", code(event(e, e.payer(), e.chargedAtomic(), sepoliaRef, e.occurredAt())),
                "the proof and payment_ref disagree");
        assertEquals("network", code(proof(e, p -> new CallCompleted.PaymentProof(p.scheme(), "eip155:1", p.asset(),
                p.payTo(), p.amount(), p.authorization(), p.signature(), null, p.settlement(), null))), "unknown network");
        assertEquals("asset", code(proof(e, p -> new CallCompleted.PaymentProof(p.scheme(), p.network(),
                "0x0000000000000000000000000000000000000001", p.payTo(), p.amount(), p.authorization(), p.signature(), null,
                p.settlement(), null))), "not USDC");
    }

    @Test
    void aSwappedPayerIsNamed() {
        CallCompleted e = genuine();
        String someoneElse = "0x2980bc24bbfb34de1bbc91479cb712ffbce02f73";
        assertEquals("payer", code(event(e, someoneElse, e.chargedAtomic(), e.paymentRef(), e.occurredAt())));
        // the authorization rewritten to someone else's wallet, as the event's payer: the signature is still the dev key's
        CallCompleted swapped = event(proof(e, p -> auth(p, a -> new CallCompleted.TransferAuthorization(someoneElse, a.to(),
                a.value(), a.validAfter(), a.validBefore(), a.nonce()))), someoneElse, e.chargedAtomic(), e.paymentRef(),
                e.occurredAt());
        PaymentProofCheck.Verdict v = CHECK.check(swapped);
        assertEquals("signer", v.code(), v.toString());
        assertEquals(someoneElse, v.expected());
    }

    @Test
    void aCallFortyDaysBeforeTheAuthorizationWasValidIsNamed() {
        CallCompleted e = genuine();
        long validAfter = Long.parseLong(e.paymentProof().authorization().validAfter());
        String early = CallCompleted.canonicalInstant(Instant.ofEpochSecond(validAfter).minus(Duration.ofDays(40)));
        assertEquals("time_window", code(event(e, e.payer(), e.chargedAtomic(), e.paymentRef(), early)));
        long validBefore = Long.parseLong(e.paymentProof().authorization().validBefore());
        String late = CallCompleted.canonicalInstant(Instant.ofEpochSecond(validBefore).plusSeconds(31));
        assertEquals("time_window", code(event(e, e.payer(), e.chargedAtomic(), e.paymentRef(), late)));
        String justInSkew = CallCompleted.canonicalInstant(Instant.ofEpochSecond(validBefore).plusSeconds(30));
        assertEquals(PaymentProofCheck.Status.VALID,
                CHECK.check(event(e, e.payer(), e.chargedAtomic(), e.paymentRef(), justInSkew)).status());
    }

    @Test
    void aMissingProofAReusedNonceAndAForeignSettlementAreNamed() {
        CallCompleted e = genuine();
        assertEquals("missing", code(e.withPaymentProof(null)));
        CallCompleted.PaymentRef otherNonce = new CallCompleted.PaymentRef(e.paymentRef().network(), e.paymentRef().transaction(),
                "0x" + "11".repeat(32));
        assertEquals("nonce", code(event(e, e.payer(), e.chargedAtomic(), otherNonce, e.occurredAt())));
        CallCompleted.PaymentRef otherTx = new CallCompleted.PaymentRef(e.paymentRef().network(), "0xother", e.paymentRef().nonce());
        assertEquals("settlement", code(event(e, e.payer(), e.chargedAtomic(), otherTx, e.occurredAt())));
        String tampered = e.paymentProof().signature().substring(0, 10) + (e.paymentProof().signature().charAt(10) == 'a' ? 'b' : 'a')
                + e.paymentProof().signature().substring(11);
        assertEquals("signer", code(proof(e, p -> new CallCompleted.PaymentProof(p.scheme(), p.network(), p.asset(), p.payTo(),
                p.amount(), p.authorization(), tampered, null, p.settlement(), null))));
    }

    @Test
    void trialsAndCallsThatChargedNothingNeedNoProof() {
        CallCompleted e = genuine();
        CallCompleted trial = new CallCompleted(e.eventId(), e.occurredAt(), e.operationId(), e.route(), e.agentId(), null,
                "trial", e.priceUsdc(), 0, null, 200, 3, "{}", "{}", Map.of());
        assertEquals(PaymentProofCheck.Status.NOT_REQUIRED, CHECK.check(trial).status());
        CallCompleted released = new CallCompleted(e.eventId(), e.occurredAt(), e.operationId(), e.route(), e.agentId(),
                e.payer(), "paid", e.priceUsdc(), 0, e.paymentRef(), 503, 3, "{}", "{}", Map.of());
        assertEquals(PaymentProofCheck.Status.NOT_REQUIRED, CHECK.check(released).status(), "a released claim charged nothing");
        CallCompleted chargedButFailed = event(released, released.payer(), 20000, released.paymentRef(), released.occurredAt());
        assertEquals("missing", code(chargedButFailed), "a charge claims a settlement whatever the status");
    }

    @Test
    void theVectorBSignatureFromPaymentSignerIsTheOneTheVerifierAccepts() {
        // the same bytes the x402 verifier checks at admission are what the proof checker checks later
        PaymentSigner signer = Eip3009VerifierTest.signerB(Eip3009VerifierTest.NOW_B);
        Map<String, Object> a = signer.authorization(Eip3009VerifierTest.REQ_B, BigInteger.valueOf(10000),
                BigInteger.valueOf(1748534647L), BigInteger.valueOf(1748534767L), Eip3009VerifierTest.NONCE_B);
        assertEquals(Eip3009VerifierTest.SIG_B, signer.sign(Eip3009VerifierTest.REQ_B, a));
        CallCompleted.TransferAuthorization auth = new CallCompleted.TransferAuthorization((String) a.get("from"),
                (String) a.get("to"), "10000", "1748534647", "1748534767", Eip3009VerifierTest.NONCE_B);
        CallCompleted.PaymentProof proof = new CallCompleted.PaymentProof("exact", "eip155:84532", Network.BASE_SEPOLIA.usdc(),
                Eip3009VerifierTest.REQ_B.payTo(), "10000", auth, Eip3009VerifierTest.SIG_B, null, "0xtx", null);
        CallCompleted e = new CallCompleted(UUID.randomUUID().toString(),
                CallCompleted.canonicalInstant(Instant.ofEpochSecond(Eip3009VerifierTest.NOW_B)), "rates", "POST /rates",
                "agent-b", signer.address().toLowerCase(), "paid", "0.01", 10000,
                new CallCompleted.PaymentRef("eip155:84532", "0xtx", Eip3009VerifierTest.NONCE_B), 200, 1, "{}", "{}", Map.of(),
                proof);
        assertEquals(PaymentProofCheck.Status.VALID, CHECK.check(e).status());
    }
}
