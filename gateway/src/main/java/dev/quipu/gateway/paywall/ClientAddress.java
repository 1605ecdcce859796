package dev.quipu.gateway.paywall;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;

/**
 * The caller's address for trials: the socket address, unless the socket belongs to a configured
 * trusted proxy; then the right-most {@code X-Forwarded-For} entry that is not itself a trusted
 * proxy (entries further left are written by the client and cannot be believed).
 */
public final class ClientAddress {

    private final List<String> trusted;

    public ClientAddress(List<String> trustedProxies) {
        this.trusted = trustedProxies == null ? List.of()
                : trustedProxies.stream().map(String::strip).filter(s -> !s.isEmpty()).toList();
    }

    public String resolve(String socketAddress, String forwardedFor) {
        if (!isTrusted(socketAddress) || forwardedFor == null || forwardedFor.isBlank()) {
            return socketAddress;
        }
        String[] hops = forwardedFor.split(",");
        for (int i = hops.length - 1; i >= 0; i--) {
            String hop = hops[i].strip();
            if (hop.isEmpty()) {
                continue;
            }
            if (!isTrusted(hop)) {
                return hop;
            }
        }
        return socketAddress;
    }

    boolean isTrusted(String address) {
        for (String t : trusted) {
            if (t.contains("/") ? inBlock(address, t) : t.equals(address)) {
                return true;
            }
        }
        return false;
    }

    private static boolean inBlock(String address, String cidr) {
        try {
            String[] parts = cidr.split("/");
            byte[] net = InetAddress.getByName(parts[0]).getAddress();
            if (!address.matches("[0-9a-fA-F:.]+")) {
                return false;
            }
            byte[] addr = InetAddress.getByName(address).getAddress();
            if (net.length != addr.length) {
                return false;
            }
            int bits = Integer.parseInt(parts[1]);
            for (int i = 0; i < net.length && bits > 0; i++, bits -= 8) {
                int mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
                if ((net[i] & mask) != (addr[i] & mask)) {
                    return false;
                }
            }
            return true;
        } catch (UnknownHostException | NumberFormatException | ArrayIndexOutOfBoundsException e) {
            return false;
        }
    }
}
