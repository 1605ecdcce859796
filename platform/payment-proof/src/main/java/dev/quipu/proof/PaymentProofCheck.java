package dev.quipu.proof;

import dev.quipu.contracts.events.CallCompleted;
import org.web3j.utils.Numeric;

import java.math.BigInteger;
import java.time.Duration;
import java.util.Collection;
import java.util.HashSet;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Checks the {@code payment_proof} of a call event without trusting whoever stored or published it:
 * the payer's own signature must authorise exactly the payment the event claims. The one definition
 * payment-service, audit-service ({@code /verify} and the offline verifier) and reputation-service
 * share; docs/audit-chain.md ("Paid evidence that proves itself") states the rule.
 *
 * <p>An event <em>claims a settlement</em> when its access is {@code paid} and either the backend
 * answered 2xx or something was charged; only such events need a proof. For an EVM {@code exact}
 * payment every one of these must hold, in this order (the first that fails is the verdict's code):
 * <ol>
 * <li>{@code missing}: there is a proof, and a {@code payment_ref};</li>
 * <li>{@code scheme}: the scheme is {@code exact};</li>
 * <li>{@code network}: the network is a known USDC network and the one {@code payment_ref} names;</li>
 * <li>{@code asset}: the asset is that network's USDC;</li>
 * <li>{@code amount}: the required amount is the event's {@code charged_atomic};</li>
 * <li>{@code settlement}: the settlement reference is {@code payment_ref.transaction};</li>
 * <li>{@code pay_to}: when recipients are pinned, {@code pay_to} is one of them;</li>
 * <li>{@code authorization}: the six authorization fields are present and well formed;</li>
 * <li>{@code payer}: {@code from} is the event's {@code payer};</li>
 * <li>{@code recipient}: {@code to} is {@code pay_to};</li>
 * <li>{@code value}: {@code value} is {@code charged_atomic};</li>
 * <li>{@code nonce}: {@code nonce} is {@code payment_ref.nonce};</li>
 * <li>{@code time_window}: {@code occurred_at} lies in [validAfter − skew, validBefore + skew];</li>
 * <li>{@code signature}: 65 bytes, v 27/28, non-zero r and s, low s;</li>
 * <li>{@code signer}: the EIP-712 digest of the authorization under the network's USDC domain
 * recovers {@code from}.</li>
 * </ol>
 * Addresses and hex compare case-insensitively. A Solana payment, or an EVM signature longer than 65
 * bytes (a smart wallet, ERC-1271/6492), passes steps 1–7 and is then {@code UNVERIFIABLE_OFFLINE}:
 * checking it needs the chain.
 */
public final class PaymentProofCheck {

    /** The tolerance on the authorization's validity window, as payment-service's skew-seconds. */
    public static final Duration DEFAULT_SKEW = Duration.ofSeconds(30);

    private static final Pattern ADDRESS = Pattern.compile("0x[0-9a-fA-F]{40}");
    private static final Pattern BYTES32 = Pattern.compile("0x[0-9a-fA-F]{64}");
    private static final Pattern HEX = Pattern.compile("0x([0-9a-fA-F]{2})+");
    private static final Pattern UINT = Pattern.compile("0|[1-9][0-9]{0,76}");

    public enum Status {
        /** the event claims no settlement (trial, open, or a paid call that charged nothing) */
        NOT_REQUIRED,
        /** the payer's signature authorises exactly this payment */
        VALID,
        /** the proof is missing or does not check: the event's payment is not proven */
        INVALID,
        /** consistent as far as it can be checked offline; the rest needs the chain */
        UNVERIFIABLE_OFFLINE
    }

    /**
     * The outcome. For {@code INVALID}: the {@code code} of the rule that failed (see the class
     * comment), what was {@code expected} and what was {@code found}, and a sentence. For {@code VALID}:
     * the digest (0x hex) and the recovered signer.
     */
    public record Verdict(Status status, String code, String expected, String found, String detail, String digest,
                          String signer) {

        public boolean proven() {
            return status == Status.VALID;
        }

        static Verdict notRequired() {
            return new Verdict(Status.NOT_REQUIRED, null, null, null, "the event claims no settlement", null, null);
        }

        static Verdict invalid(String code, Object expected, Object found, String detail) {
            return new Verdict(Status.INVALID, code, expected == null ? null : expected.toString(),
                    found == null ? null : found.toString(), detail, null, null);
        }

        static Verdict unverifiable(String detail) {
            return new Verdict(Status.UNVERIFIABLE_OFFLINE, "unverifiable_offline", null, null, detail, null, null);
        }
    }

    private final SignerRecovery recovery;
    private final Duration skew;
    private final Set<String> acceptedPayTo;

    /**
     * @param recovery      the secp256k1 engine
     * @param skew          tolerance on each end of the authorization's validity window
     * @param acceptedPayTo recipients the checker's owner knows to be the operator's (any case); empty
     *                      accepts the recipient the proof names, which is then only held to {@code to}
     */
    public PaymentProofCheck(SignerRecovery recovery, Duration skew, Set<String> acceptedPayTo) {
        this.recovery = Objects.requireNonNull(recovery);
        this.skew = Objects.requireNonNull(skew);
        this.acceptedPayTo = acceptedPayTo.stream().map(String::strip).filter(a -> !a.isEmpty())
                .map(a -> a.toLowerCase(Locale.ROOT)).collect(Collectors.toUnmodifiableSet());
    }

    /** The fastest engine here, the default skew, no pinned recipient. */
    public static PaymentProofCheck standard() {
        return withFastestRecovery(DEFAULT_SKEW, null);
    }

    /**
     * The fastest engine here with an owner's settings: {@code skew}, and the recipients it pins
     * ({@code null} or empty pins none).
     */
    public static PaymentProofCheck withFastestRecovery(Duration skew, Collection<String> acceptedPayTo) {
        return new PaymentProofCheck(SignerRecovery.fastest(), skew,
                acceptedPayTo == null ? Set.of() : new HashSet<>(acceptedPayTo));
    }

    /** The secp256k1 engine in use, for start-up logs. */
    public String recoveryEngine() {
        return recovery.engine();
    }

    public Set<String> acceptedPayTo() {
        return acceptedPayTo;
    }

    public Duration skew() {
        return skew;
    }

    /** Whether the event claims that a payment settled, and so must carry a proof. */
    public static boolean claimsSettlement(CallCompleted e) {
        return "paid".equals(e.access()) && (e.status() >= 200 && e.status() < 300 || e.chargedAtomic() > 0);
    }

    /**
     * The key under which one authorization may pay for one call: {@code network|payer|nonce} in lower
     * case (EIP-3009 nonces are per token and payer), or null when the event has no EVM authorization.
     */
    public static String authorizationKey(CallCompleted e) {
        CallCompleted.PaymentProof proof = e.paymentProof();
        if (proof == null || proof.authorization() == null || proof.authorization().from() == null
                || proof.authorization().nonce() == null) {
            return null;
        }
        return (proof.network() + "|" + proof.authorization().from() + "|" + proof.authorization().nonce())
                .toLowerCase(Locale.ROOT);
    }

    public Verdict check(CallCompleted e) {
        if (!claimsSettlement(e)) {
            return Verdict.notRequired();
        }
        CallCompleted.PaymentProof proof = e.paymentProof();
        if (proof == null) {
            return Verdict.invalid("missing", "payment_proof", null, "a paid call that settled carries no payment proof");
        }
        CallCompleted.PaymentRef ref = e.paymentRef();
        if (ref == null) {
            return Verdict.invalid("missing", "payment_ref", null, "a paid call that settled names no payment reference");
        }
        if (!"exact".equals(proof.scheme())) {
            return Verdict.invalid("scheme", "exact", proof.scheme(), "only the x402 'exact' scheme is proven");
        }
        Network network = Network.byCaip2(proof.network()).orElse(null);
        if (network == null) {
            return Verdict.invalid("network", "a known USDC network", proof.network(), "the proof names an unknown network");
        }
        if (!proof.network().equals(ref.network())) {
            return Verdict.invalid("network", ref.network(), proof.network(),
                    "the proof is for another network than the event's payment_ref");
        }
        if (!network.usdc().equalsIgnoreCase(String.valueOf(proof.asset()))) {
            return Verdict.invalid("asset", network.usdc(), proof.asset(), "the asset is not USDC on " + network.caip2());
        }
        if (!Long.toString(e.chargedAtomic()).equals(proof.amount())) {
            return Verdict.invalid("amount", e.chargedAtomic(), proof.amount(),
                    "the required amount is not what the event says was charged");
        }
        if (ref.transaction() == null || !ref.transaction().equalsIgnoreCase(String.valueOf(proof.settlement()))) {
            return Verdict.invalid("settlement", ref.transaction(), proof.settlement(),
                    "the proof's settlement reference is not the event's payment_ref.transaction");
        }
        if (!acceptedPayTo.isEmpty() && (proof.payTo() == null
                || !acceptedPayTo.contains(proof.payTo().toLowerCase(Locale.ROOT)))) {
            return Verdict.invalid("pay_to", String.join(",", acceptedPayTo.stream().sorted().toList()), proof.payTo(),
                    "the payment went to a recipient that is not the operator's");
        }
        if (!network.evm()) {
            return Verdict.unverifiable(proof.unverifiableOffline() != null ? proof.unverifiableOffline()
                    : "a Solana payment is a transaction, checkable only against the chain");
        }
        return checkEvm(e, proof, ref, network);
    }

    private Verdict checkEvm(CallCompleted e, CallCompleted.PaymentProof proof, CallCompleted.PaymentRef ref,
                             Network network) {
        CallCompleted.TransferAuthorization a = proof.authorization();
        if (a == null) {
            return Verdict.invalid("authorization", "the signed TransferWithAuthorization", null,
                    "an EVM proof without its authorization");
        }
        String malformed = !matches(ADDRESS, a.from()) ? "from" : !matches(ADDRESS, a.to()) ? "to"
                : !matches(UINT, a.value()) ? "value" : !matches(UINT, a.validAfter()) ? "valid_after"
                : !matches(UINT, a.validBefore()) ? "valid_before" : !matches(BYTES32, a.nonce()) ? "nonce"
                : !matches(HEX, proof.signature()) ? "signature" : null;
        if (malformed != null) {
            return Verdict.invalid("authorization", "a well-formed " + malformed, field(a, proof, malformed),
                    "the authorization's " + malformed + " is missing or malformed");
        }
        if (!a.from().equalsIgnoreCase(String.valueOf(e.payer()))) {
            return Verdict.invalid("payer", e.payer(), a.from(), "the authorization is not from the event's payer");
        }
        if (!a.to().equalsIgnoreCase(String.valueOf(proof.payTo()))) {
            return Verdict.invalid("recipient", proof.payTo(), a.to(), "the authorization does not pay pay_to");
        }
        BigInteger value = new BigInteger(a.value());
        if (!value.equals(BigInteger.valueOf(e.chargedAtomic()))) {
            return Verdict.invalid("value", e.chargedAtomic(), a.value(),
                    "the authorization is for another amount than the event says was charged");
        }
        if (!a.nonce().equalsIgnoreCase(String.valueOf(ref.nonce()))) {
            return Verdict.invalid("nonce", ref.nonce(), a.nonce(), "the authorization's nonce is not payment_ref.nonce");
        }
        Instant at;
        try {
            at = Instant.parse(e.occurredAt());
        } catch (DateTimeParseException | NullPointerException ex) {
            return Verdict.invalid("time_window", "an ISO-8601 occurred_at", e.occurredAt(), "occurred_at is unreadable");
        }
        BigInteger validAfter = new BigInteger(a.validAfter());
        BigInteger validBefore = new BigInteger(a.validBefore());
        BigInteger seconds = BigInteger.valueOf(at.getEpochSecond());
        BigInteger slack = BigInteger.valueOf(skew.toSeconds());
        if (seconds.compareTo(validAfter.subtract(slack)) < 0 || seconds.compareTo(validBefore.add(slack)) > 0) {
            return Verdict.invalid("time_window", "[" + validAfter.subtract(slack) + ", " + validBefore.add(slack) + "]",
                    seconds + " (" + e.occurredAt() + ")",
                    "the call did not happen while the authorization was valid (±" + skew.toSeconds() + " s)");
        }
        byte[] bytes = Numeric.hexStringToByteArray(proof.signature());
        if (EvmSignature.isContractWallet(bytes)) {
            return Verdict.unverifiable("a smart-wallet signature (" + bytes.length + " bytes, ERC-1271/6492) is checked"
                    + " by the wallet contract, on chain");
        }
        EvmSignature signature;
        try {
            signature = EvmSignature.parse(bytes);
        } catch (EvmSignature.Invalid ex) {
            return Verdict.invalid("signature", "a 65-byte low-s signature", proof.signature(), ex.getMessage());
        }
        byte[] digest = TransferWithAuthorization.digest(network, a.from(), a.to(), value, validAfter, validBefore, a.nonce());
        String signer = signature.signer(digest, recovery);
        if (signer == null || !signer.equalsIgnoreCase(a.from())) {
            return Verdict.invalid("signer", a.from().toLowerCase(Locale.ROOT), signer,
                    "the signature over this authorization (EIP-712 digest " + Numeric.toHexString(digest)
                            + ", USDC domain of " + network.caip2() + ") was not made by the payer");
        }
        return new Verdict(Status.VALID, null, null, null, "signed by the payer", Numeric.toHexString(digest), signer);
    }

    private static boolean matches(Pattern pattern, String value) {
        return value != null && pattern.matcher(value).matches();
    }

    private static String field(CallCompleted.TransferAuthorization a, CallCompleted.PaymentProof p, String name) {
        return switch (name) {
            case "from" -> a.from();
            case "to" -> a.to();
            case "value" -> a.value();
            case "valid_after" -> a.validAfter();
            case "valid_before" -> a.validBefore();
            case "nonce" -> a.nonce();
            default -> p.signature();
        };
    }
}
