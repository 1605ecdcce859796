package dev.quipu.sanctions.zkp;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * What a client computes, written from the published scheme text only (JDK primitives, none of the
 * service's hashing code), so the tests check the document and the server against each other.
 */
final class ZkpClient {

    private ZkpClient() {
    }

    static String digest(String part) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                .digest(("qz-1|part|" + part).getBytes(StandardCharsets.UTF_8)));
    }

    static String hmac(String saltHex, String message) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(HexFormat.of().parseHex(saltHex), "HmacSHA256"));
        return HexFormat.of().formatHex(mac.doFinal(message.getBytes(StandardCharsets.UTF_8)));
    }

    static Map<String, Object> commitments(String saltHex, List<String> parts) throws Exception {
        List<String> c = new java.util.ArrayList<>();
        for (String p : parts) {
            c.add(hmac(saltHex, "qz-1|part|" + p));
        }
        return Map.of("salt", saltHex, "name", hmac(saltHex, "qz-1|name|" + String.join(" ", parts)), "parts", c);
    }
}
