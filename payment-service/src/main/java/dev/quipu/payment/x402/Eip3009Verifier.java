package dev.quipu.payment.x402;

import dev.quipu.proof.EvmSignature;
import dev.quipu.proof.Network;
import dev.quipu.proof.SignerRecovery;
import dev.quipu.proof.TransferWithAuthorization;
import org.web3j.utils.Numeric;

import java.math.BigInteger;
import java.time.Clock;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Checks an {@code exact} EVM payment the way the USDC contract will when it is settled: the
 * authorization matches the requirement (recipient, exact value, time window), and the EIP-712
 * signature over {@code TransferWithAuthorization} recovers to {@code from} with a low {@code s}
 * and {@code v} in {27, 28} (FiatToken's ECRecover rejects anything else). Signatures longer than
 * 65 bytes belong to smart wallets (ERC-1271 / ERC-6492) and are deferred, not rejected. The digest
 * and the signature rules are {@code platform/payment-proof}'s, the ones every proof checker uses.
 */
public final class Eip3009Verifier {

    private static final Pattern ADDRESS = Pattern.compile("0x[0-9a-fA-F]{40}");
    private static final Pattern BYTES32 = Pattern.compile("0x[0-9a-fA-F]{64}");
    private static final Pattern HEX = Pattern.compile("0x([0-9a-fA-F]{2})+");
    private static final Pattern UINT = Pattern.compile("0|[1-9][0-9]{0,76}");

    /** keccak256 of the EIP-3009 type string (circlefin/stablecoin-evm EIP3009.sol). */
    static final byte[] TRANSFER_TYPEHASH = TransferWithAuthorization.TYPEHASH;

    private final Clock clock;
    private final long settleMarginSeconds;
    private final long skewSeconds;
    private final SignerRecovery recovery;

    /**
     * @param settleMarginSeconds how long an authorization must still be valid (the reference facilitator uses 6 s)
     * @param skewSeconds         tolerance on the upper bound {@code validBefore <= now + maxTimeoutSeconds}
     * @param recovery            the secp256k1 engine that recovers the signer
     */
    public Eip3009Verifier(Clock clock, long settleMarginSeconds, long skewSeconds, SignerRecovery recovery) {
        this.clock = clock;
        this.settleMarginSeconds = settleMarginSeconds;
        this.skewSeconds = skewSeconds;
        this.recovery = recovery;
    }

    public Authorization verify(PaymentPayload payment, PaymentRequirements required, Network network) throws Refusal {
        if (!"exact".equals(required.scheme()) || !"exact".equals(payment.scheme())) {
            throw new Refusal(Reasons.SCHEME, "only the 'exact' scheme is accepted");
        }
        if (!network.evm() || !network.caip2().equals(payment.network()) && !network.v1Name().equals(payment.network())) {
            throw new Refusal(Reasons.NETWORK, "the payment is for network " + payment.network() + ", not " + network.caip2());
        }
        if (!(required.extra().get("name") instanceof String name) || !(required.extra().get("version") instanceof String version)) {
            throw new Refusal(Reasons.MISSING_DOMAIN, "the requirement has no EIP-712 domain name and version");
        }
        Map<String, Object> auth = payment.authorization();
        if (auth == null) {
            throw new Refusal(Reasons.INVALID_PAYLOAD, "payload.authorization is missing");
        }
        String from = matching(auth, "from", ADDRESS);
        String to = matching(auth, "to", ADDRESS);
        BigInteger value = uint(auth, "value");
        BigInteger validAfter = uint(auth, "validAfter");
        BigInteger validBefore = uint(auth, "validBefore");
        String nonce = matching(auth, "nonce", BYTES32);
        String signature = payment.signature();
        if (signature == null || !HEX.matcher(signature).matches()) {
            throw new Refusal(Reasons.INVALID_PAYLOAD, "payload.signature is missing or not 0x-prefixed hex");
        }

        if (!to.equalsIgnoreCase(required.payTo())) {
            throw new Refusal(Reasons.RECIPIENT, "the authorization pays " + to + ", not " + required.payTo());
        }
        BigInteger amount = new BigInteger(required.amount());
        int cmp = value.compareTo(amount);
        if (cmp != 0) {
            throw new Refusal(Reasons.VALUE, "the authorization is for " + value + " atomic units but the price is "
                    + amount + " (" + (cmp < 0 ? "underpayment" : "overpayment") + "; the exact scheme needs the exact amount)");
        }
        long now = clock.instant().getEpochSecond();
        if (validAfter.compareTo(BigInteger.valueOf(now)) >= 0) {
            throw new Refusal(Reasons.VALID_AFTER, "the authorization is not valid yet (validAfter " + validAfter
                    + " is not before now, " + now + ")");
        }
        if (validBefore.compareTo(BigInteger.valueOf(now + settleMarginSeconds)) < 0) {
            throw new Refusal(Reasons.VALID_BEFORE, "the authorization expires at " + validBefore + ", less than "
                    + settleMarginSeconds + " s from now (" + now + "): too late to settle");
        }
        if (validBefore.compareTo(BigInteger.valueOf(now + required.maxTimeoutSeconds() + skewSeconds)) > 0) {
            throw new Refusal(Reasons.VALID_BEFORE, "the authorization is valid until " + validBefore
                    + ", further than maxTimeoutSeconds (" + required.maxTimeoutSeconds() + " s) from now (" + now + ")");
        }

        byte[] sig = Numeric.hexStringToByteArray(signature);
        if (EvmSignature.isContractWallet(sig)) {
            return new Authorization(from, to, value, validAfter, validBefore, nonce, signature, true);
        }
        EvmSignature parsed;
        try {
            parsed = EvmSignature.parse(sig);
        } catch (EvmSignature.Invalid e) {
            throw new Refusal(Reasons.SIGNATURE, e.getMessage());
        }
        byte[] digest = digest(name, version, network.chainId(), required.asset(), from, to, value, validAfter,
                validBefore, nonce);
        String recovered = parsed.signer(digest, recovery);
        if (recovered == null) {
            throw new Refusal(Reasons.SIGNATURE, "no public key can be recovered from the signature");
        }
        if (!recovered.equalsIgnoreCase(from)) {
            throw new Refusal(Reasons.SIGNATURE, "the signature was not made by " + from + " over this authorization"
                    + " with the EIP-712 domain {name: \"" + name + "\", version: \"" + version + "\", chainId: "
                    + network.chainId() + ", verifyingContract: " + required.asset() + "}");
        }
        return new Authorization(from, to, value, validAfter, validBefore, nonce, signature, false);
    }

    /**
     * The EIP-712 digest of a TransferWithAuthorization: {@code keccak256(0x1901 ‖ domainSeparator ‖
     * structHash)}, computed by {@link TransferWithAuthorization#digest} (domain separator by web3j's
     * StructuredDataEncoder, cached per domain; struct hash by its fixed ABI layout).
     */
    public byte[] digest(String name, String version, long chainId, String verifyingContract, String from, String to,
                         BigInteger value, BigInteger validAfter, BigInteger validBefore, String nonce) {
        return TransferWithAuthorization.digest(name, version, chainId, verifyingContract, from, to, value, validAfter,
                validBefore, nonce);
    }

    /** The same digest computed entirely by web3j's StructuredDataEncoder from the typed-data JSON. */
    public byte[] digestWithEncoder(String name, String version, long chainId, String verifyingContract, String from,
                                    String to, BigInteger value, BigInteger validAfter, BigInteger validBefore,
                                    String nonce) {
        return TransferWithAuthorization.digestWithEncoder(name, version, chainId, verifyingContract, from, to, value,
                validAfter, validBefore, nonce);
    }

    private static String matching(Map<String, Object> auth, String name, Pattern pattern) throws Refusal {
        if (!(auth.get(name) instanceof String s) || !pattern.matcher(s).matches()) {
            throw new Refusal(Reasons.INVALID_PAYLOAD, "authorization." + name + " is missing or malformed");
        }
        return s;
    }

    private static BigInteger uint(Map<String, Object> auth, String name) throws Refusal {
        Object v = auth.get(name);
        String s = v instanceof String str ? str : null;
        if (s == null || !UINT.matcher(s).matches()) {
            throw new Refusal(Reasons.INVALID_PAYLOAD, "authorization." + name + " must be a decimal string");
        }
        return new BigInteger(s);
    }
}
