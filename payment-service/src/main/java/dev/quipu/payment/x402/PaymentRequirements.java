package dev.quipu.payment.x402;

import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One entry of {@code accepts} (and a payload's {@code accepted}): what the server asks for.
 * {@code amount} is a decimal string of atomic units, as on the wire.
 */
public record PaymentRequirements(String scheme, String network, String amount, String asset, String payTo,
                                  int maxTimeoutSeconds, Map<String, Object> extra) {

    public PaymentRequirements {
        extra = extra == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(extra));
    }

    /** The wire form, keys in the order of the spec's examples, so that the header is deterministic. */
    public Map<String, Object> toWire() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("scheme", scheme);
        m.put("network", network);
        m.put("amount", amount);
        m.put("asset", asset);
        m.put("payTo", payTo);
        m.put("maxTimeoutSeconds", maxTimeoutSeconds);
        m.put("extra", extra);
        return m;
    }

    /**
     * Whether a client's {@code accepted} is what this server advertised: core fields equal (amount
     * compared as a number, addresses case-insensitively as EIP-55 only changes case), and every
     * advertised {@code extra} entry present with the same value; the client may add entries.
     */
    public boolean acceptedBy(PaymentRequirements accepted) {
        if (!scheme.equals(accepted.scheme) || !network.equals(accepted.network)
                || !sameAmount(amount, accepted.amount) || !asset.equalsIgnoreCase(accepted.asset)
                || !payTo.equalsIgnoreCase(accepted.payTo) || maxTimeoutSeconds != accepted.maxTimeoutSeconds) {
            return false;
        }
        return extra.entrySet().stream().allMatch(e -> Objects.equals(e.getValue(), accepted.extra.get(e.getKey())));
    }

    private static boolean sameAmount(String a, String b) {
        try {
            return new BigInteger(a).equals(new BigInteger(b));
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
