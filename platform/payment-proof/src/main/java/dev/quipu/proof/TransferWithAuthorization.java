package dev.quipu.proof;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.web3j.crypto.Hash;
import org.web3j.crypto.StructuredDataEncoder;
import org.web3j.utils.Numeric;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * The EIP-712 digest of an EIP-3009 {@code TransferWithAuthorization}, exactly what USDC's
 * {@code transferWithAuthorization} recovers the signer from:
 * {@code keccak256(0x1901 ‖ domainSeparator ‖ structHash)} with the domain
 * {@code {name, version, chainId, verifyingContract}} of the token contract. The domain separator is
 * computed by web3j's {@link StructuredDataEncoder} once per domain and cached; the struct hash is the
 * fixed-layout ABI encoding of the six fields, which is what StructuredDataEncoder computes too (tests
 * compare both) at a fraction of the cost. payment-service verifies and signs with it, and every
 * proof checker recomputes it.
 */
public final class TransferWithAuthorization {

    /** keccak256 of the EIP-3009 type string (circlefin/stablecoin-evm EIP3009.sol). */
    public static final byte[] TYPEHASH = Hash.sha3(("TransferWithAuthorization(address from,address to,uint256 value,"
            + "uint256 validAfter,uint256 validBefore,bytes32 nonce)").getBytes(StandardCharsets.UTF_8));

    private static final List<Map<String, String>> DOMAIN_TYPE = List.of(
            field("name", "string"), field("version", "string"), field("chainId", "uint256"),
            field("verifyingContract", "address"));
    private static final List<Map<String, String>> TRANSFER_TYPE = List.of(
            field("from", "address"), field("to", "address"), field("value", "uint256"),
            field("validAfter", "uint256"), field("validBefore", "uint256"), field("nonce", "bytes32"));
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ConcurrentMap<String, byte[]> DOMAIN_SEPARATORS = new ConcurrentHashMap<>();

    private TransferWithAuthorization() {
    }

    /** The digest under the USDC domain of {@code network} (an EVM network of {@link Network#KNOWN}). */
    public static byte[] digest(Network network, String from, String to, BigInteger value, BigInteger validAfter,
                                BigInteger validBefore, String nonce) {
        if (!network.evm()) {
            throw new IllegalArgumentException(network.caip2() + " is not an EVM network");
        }
        return digest(network.tokenName(), network.tokenVersion(), network.chainId(), network.usdc(), from, to, value,
                validAfter, validBefore, nonce);
    }

    /** The digest under the domain {@code {name, version, chainId, verifyingContract}}. */
    public static byte[] digest(String name, String version, long chainId, String verifyingContract, String from,
                                String to, BigInteger value, BigInteger validAfter, BigInteger validBefore, String nonce) {
        byte[] domain = domainSeparator(name, version, chainId, verifyingContract);
        byte[] encoded = new byte[32 * 7];
        System.arraycopy(TYPEHASH, 0, encoded, 0, 32);
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

    /** The EIP-712 domain separator, computed by StructuredDataEncoder once per domain. */
    public static byte[] domainSeparator(String name, String version, long chainId, String verifyingContract) {
        return DOMAIN_SEPARATORS.computeIfAbsent(name + "|" + version + "|" + chainId + "|"
                + verifyingContract.toLowerCase(Locale.ROOT), k -> {
                    try {
                        return new StructuredDataEncoder(typedData(name, version, chainId, verifyingContract,
                                "0x0000000000000000000000000000000000000000", "0x0000000000000000000000000000000000000000",
                                BigInteger.ZERO, BigInteger.ZERO, BigInteger.ZERO,
                                "0x0000000000000000000000000000000000000000000000000000000000000000")).hashDomain();
                    } catch (IOException | RuntimeException e) {
                        throw new IllegalStateException("EIP-712 domain encoding failed", e);
                    }
                });
    }

    /** The same digest computed entirely by web3j's StructuredDataEncoder from the typed-data JSON (tests, tools). */
    public static byte[] digestWithEncoder(String name, String version, long chainId, String verifyingContract,
                                           String from, String to, BigInteger value, BigInteger validAfter,
                                           BigInteger validBefore, String nonce) {
        try {
            return new StructuredDataEncoder(typedData(name, version, chainId, verifyingContract, from, to, value,
                    validAfter, validBefore, nonce)).hashStructuredData();
        } catch (IOException | RuntimeException e) {
            throw new IllegalStateException("EIP-712 encoding failed", e);
        }
    }

    /** The eth_signTypedData_v4 document of the authorization (what a wallet is asked to sign). */
    public static String typedData(String name, String version, long chainId, String verifyingContract, String from,
                                   String to, BigInteger value, BigInteger validAfter, BigInteger validBefore,
                                   String nonce) throws JsonProcessingException {
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
        Map<String, Object> types = new LinkedHashMap<>();
        types.put("EIP712Domain", DOMAIN_TYPE);
        types.put("TransferWithAuthorization", TRANSFER_TYPE);
        Map<String, Object> typed = new LinkedHashMap<>();
        typed.put("types", types);
        typed.put("primaryType", "TransferWithAuthorization");
        typed.put("domain", domain);
        typed.put("message", message);
        return JSON.writeValueAsString(typed);
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
}
