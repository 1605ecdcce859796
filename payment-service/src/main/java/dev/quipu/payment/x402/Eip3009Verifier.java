package dev.quipu.payment.x402;

import io.micronaut.json.JsonMapper;
import org.web3j.crypto.Hash;
import org.web3j.crypto.Sign;
import org.web3j.crypto.StructuredDataEncoder;
import org.web3j.utils.Numeric;

import java.io.IOException;
import java.math.BigInteger;
import java.time.Clock;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Checks an {@code exact} EVM payment the way the USDC contract will when it is settled: the
 * authorization matches the requirement (recipient, exact value, time window), and the EIP-712
 * signature over {@code TransferWithAuthorization} recovers to {@code from} with a low {@code s}
 * and {@code v} in {27, 28} (FiatToken's ECRecover rejects anything else). Signatures longer than
 * 65 bytes belong to smart wallets (ERC-1271 / ERC-6492) and are deferred, not rejected.
 */
public final class Eip3009Verifier {

    /** USDC's ECRecover rejects s above half the curve order. */
    private static final BigInteger HALF_N = Sign.CURVE_PARAMS.getN().shiftRight(1);
    private static final Pattern ADDRESS = Pattern.compile("0x[0-9a-fA-F]{40}");
    private static final Pattern BYTES32 = Pattern.compile("0x[0-9a-fA-F]{64}");
    private static final Pattern HEX = Pattern.compile("0x([0-9a-fA-F]{2})+");
    private static final Pattern UINT = Pattern.compile("0|[1-9][0-9]{0,76}");

    private static final List<Map<String, String>> DOMAIN_TYPE = List.of(
            field("name", "string"), field("version", "string"), field("chainId", "uint256"),
            field("verifyingContract", "address"));
    private static final List<Map<String, String>> TRANSFER_TYPE = List.of(
            field("from", "address"), field("to", "address"), field("value", "uint256"),
            field("validAfter", "uint256"), field("validBefore", "uint256"), field("nonce", "bytes32"));

    /** keccak256 of the EIP-3009 type string (circlefin/stablecoin-evm EIP3009.sol). */
    static final byte[] TRANSFER_TYPEHASH = Hash.sha3(("TransferWithAuthorization(address from,address to,uint256 value,"
            + "uint256 validAfter,uint256 validBefore,bytes32 nonce)").getBytes(java.nio.charset.StandardCharsets.UTF_8));

    private final java.util.concurrent.ConcurrentMap<String, byte[]> domainSeparators = new java.util.concurrent.ConcurrentHashMap<>();
    private final Clock clock;
    private final JsonMapper json;
    private final long settleMarginSeconds;
    private final long skewSeconds;
    private final SignerRecovery recovery;

    /**
     * @param settleMarginSeconds how long an authorization must still be valid (the reference facilitator uses 6 s)
     * @param skewSeconds         tolerance on the upper bound {@code validBefore <= now + maxTimeoutSeconds}
     * @param recovery            the secp256k1 engine that recovers the signer
     */
    public Eip3009Verifier(Clock clock, JsonMapper json, long settleMarginSeconds, long skewSeconds,
                           SignerRecovery recovery) {
        this.clock = clock;
        this.json = json;
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
        if (sig.length > 65) {
            return new Authorization(from, to, value, validAfter, validBefore, nonce, signature, true);
        }
        if (sig.length != 65) {
            throw new Refusal(Reasons.SIGNATURE, "the signature is " + sig.length + " bytes long; 65 (r, s, v) are expected");
        }
        byte v = sig[64];
        if (v == 0 || v == 1) {
            v += 27;
        }
        if (v != 27 && v != 28) {
            throw new Refusal(Reasons.SIGNATURE, "the signature's v is " + (sig[64] & 0xff) + "; 27 or 28 is expected");
        }
        byte[] r = Arrays.copyOfRange(sig, 0, 32);
        byte[] s = Arrays.copyOfRange(sig, 32, 64);
        BigInteger sValue = new BigInteger(1, s);
        if (sValue.signum() == 0 || new BigInteger(1, r).signum() == 0) {
            throw new Refusal(Reasons.SIGNATURE, "the signature has a zero r or s");
        }
        if (sValue.compareTo(HALF_N) > 0) {
            throw new Refusal(Reasons.SIGNATURE, "the signature's s is in the upper half of the curve order (a high-s"
                    + " signature); USDC rejects it, sign again with a canonical low-s signature");
        }
        byte[] digest = digest(name, version, network.chainId(), required.asset(), from, to, value, validAfter,
                validBefore, nonce);
        String recovered = recovery.recoverAddress(digest, r, s, v);
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
     * structHash)}. The domain separator is computed by web3j's StructuredDataEncoder once per domain
     * and cached; the struct hash is the fixed-layout ABI encoding of the six fields, which is what
     * StructuredDataEncoder computes too (tests compare both on every vector) at a fraction of the cost.
     */
    public byte[] digest(String name, String version, long chainId, String verifyingContract, String from, String to,
                         BigInteger value, BigInteger validAfter, BigInteger validBefore, String nonce) {
        byte[] domain = domainSeparators.computeIfAbsent(name + "|" + version + "|" + chainId + "|"
                + verifyingContract.toLowerCase(java.util.Locale.ROOT), k -> domainSeparator(name, version, chainId, verifyingContract));
        byte[] encoded = new byte[32 * 7];
        System.arraycopy(TRANSFER_TYPEHASH, 0, encoded, 0, 32);
        word(encoded, 1, Numeric.toBigInt(from));
        word(encoded, 2, Numeric.toBigInt(to));
        word(encoded, 3, value);
        word(encoded, 4, validAfter);
        word(encoded, 5, validBefore);
        word(encoded, 6, Numeric.toBigInt(nonce));
        byte[] structHash = Hash.sha3(encoded);
        byte[] message = new byte[2 + 32 + 32];
        message[0] = 0x19;
        message[1] = 0x01;
        System.arraycopy(domain, 0, message, 2, 32);
        System.arraycopy(structHash, 0, message, 34, 32);
        return Hash.sha3(message);
    }

    /** The same digest computed entirely by web3j's StructuredDataEncoder from the typed-data JSON. */
    public byte[] digestWithEncoder(String name, String version, long chainId, String verifyingContract, String from,
                                    String to, BigInteger value, BigInteger validAfter, BigInteger validBefore,
                                    String nonce) {
        try {
            return new StructuredDataEncoder(typedData(name, version, chainId, verifyingContract, from, to, value,
                    validAfter, validBefore, nonce)).hashStructuredData();
        } catch (IOException | RuntimeException e) {
            throw new IllegalStateException("EIP-712 encoding failed", e);
        }
    }

    private byte[] domainSeparator(String name, String version, long chainId, String verifyingContract) {
        try {
            return new StructuredDataEncoder(typedData(name, version, chainId, verifyingContract,
                    "0x0000000000000000000000000000000000000000", "0x0000000000000000000000000000000000000000",
                    BigInteger.ZERO, BigInteger.ZERO, BigInteger.ZERO,
                    "0x0000000000000000000000000000000000000000000000000000000000000000")).hashDomain();
        } catch (IOException | RuntimeException e) {
            throw new IllegalStateException("EIP-712 domain encoding failed", e);
        }
    }

    private String typedData(String name, String version, long chainId, String verifyingContract, String from,
                             String to, BigInteger value, BigInteger validAfter, BigInteger validBefore, String nonce)
            throws IOException {
        Map<String, Object> domain = new LinkedHashMap<>();
        domain.put("name", name);
        domain.put("version", version);
        domain.put("chainId", chainId);
        domain.put("verifyingContract", verifyingContract);
        Map<String, Object> message = new LinkedHashMap<>();
        message.put("from", from);
        message.put("to", to);
        message.put("value", value.toString());
        message.put("validAfter", validAfter.toString());
        message.put("validBefore", validBefore.toString());
        message.put("nonce", nonce);
        Map<String, Object> typed = new LinkedHashMap<>();
        typed.put("types", Map.of("EIP712Domain", DOMAIN_TYPE, "TransferWithAuthorization", TRANSFER_TYPE));
        typed.put("primaryType", "TransferWithAuthorization");
        typed.put("domain", domain);
        typed.put("message", message);
        return json.writeValueAsString(typed);
    }

    private static void word(byte[] target, int index, BigInteger value) {
        byte[] bytes = Numeric.toBytesPadded(value, 32);
        System.arraycopy(bytes, 0, target, index * 32, 32);
    }

    private static Map<String, String> field(String name, String type) {
        Map<String, String> f = new LinkedHashMap<>();
        f.put("name", name);
        f.put("type", type);
        return f;
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
