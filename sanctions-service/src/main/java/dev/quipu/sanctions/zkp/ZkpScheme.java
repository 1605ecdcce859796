package dev.quipu.sanctions.zkp;

import dev.quipu.sanctions.matching.NameNormalizer;
import dev.quipu.sanctions.matching.Token;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;

/**
 * Private-screening scheme {@value #VERSION}: what a client computes from a name so that the name
 * itself is never sent. Parts are the tokens of normalisation {@link NameNormalizer#VERSION};
 * <ul>
 *   <li>part digest {@code D(p) = hex(SHA-256(UTF-8("qz-1|part|" + p)))} — k-anonymity mode sends
 *       only the first 3–5 hex characters of it;</li>
 *   <li>part commitment {@code C(s, p) = hex(HMAC-SHA256(key = s, UTF-8("qz-1|part|" + p)))} and name
 *       commitment {@code C(s, "qz-1|name|" + parts joined by one blank)} with a fresh random salt
 *       {@code s} (16–64 bytes, sent hex-encoded) per request, so two requests for the same name are
 *       not linkable by their commitments and no precomputed table applies.</li>
 * </ul>
 */
public final class ZkpScheme {

    public static final String VERSION = "qz-1";
    public static final int MIN_PREFIX = 3;
    public static final int MAX_PREFIX = 5;
    public static final int RECOMMENDED_PREFIX = 3;
    public static final int MIN_SALT_BYTES = 16;
    public static final int MAX_SALT_BYTES = 64;
    public static final int MAX_PARTS = 32;

    private static final HexFormat HEX = HexFormat.of();

    private ZkpScheme() {
    }

    public static String partMessage(String part) {
        return VERSION + "|part|" + part;
    }

    public static String nameMessage(List<String> parts) {
        return VERSION + "|name|" + String.join(" ", parts);
    }

    public static String digest(String part) {
        try {
            return HEX.formatHex(MessageDigest.getInstance("SHA-256").digest(partMessage(part).getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A keyed MAC for one salt; not thread-safe (one per request). */
    public static Mac mac(byte[] salt) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(salt, "HmacSHA256"));
            return mac;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    public static String commit(Mac mac, String message) {
        return HEX.formatHex(mac.doFinal(message.getBytes(StandardCharsets.UTF_8)));
    }

    public static List<String> parts(NameNormalizer normalizer, String name) {
        return normalizer.tokens(name).stream().map(Token::text).toList();
    }

    /** Lower-case hex of the given length range, else null. */
    static byte[] hex(String s, int minChars, int maxChars) {
        if (s == null || s.length() < minChars || s.length() > maxChars || s.length() % 2 != 0) {
            return null;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) {
                return null;
            }
        }
        return HEX.parseHex(s);
    }

    static boolean isHex(String s) {
        if (s == null || s.isEmpty()) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) {
                return false;
            }
        }
        return true;
    }
}
