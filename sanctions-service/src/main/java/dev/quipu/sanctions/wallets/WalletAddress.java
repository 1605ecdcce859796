package dev.quipu.sanctions.wallets;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A digital-currency address with the key it is compared by. EVM hex addresses are
 * case-insensitive (EIP-55 case is only a checksum) and Bech32 is defined lower-case, so both
 * compare lower-cased; Base58 (Bitcoin legacy, Tron, Solana, ...) is case-sensitive and compares
 * exactly. The ticker does not fix the chain (USDT lives on several), so matching ignores it.
 */
public record WalletAddress(String ticker, String address, String normalized, ChainFamily family) {

    public enum ChainFamily { EVM, BECH32, BASE58, OTHER }

    private static final Pattern EVM = Pattern.compile("0[xX][0-9a-fA-F]{40}");
    private static final Pattern BECH32 = Pattern.compile("(?i)(bc|tb|ltc|bcrt|zs|addr)1[02-9ac-hj-np-z]{8,}");
    private static final Pattern BASE58 = Pattern.compile("[1-9A-HJ-NP-Za-km-z]{25,64}");

    public static WalletAddress of(String ticker, String address) {
        String a = address.trim();
        ChainFamily family = familyOf(a);
        return new WalletAddress(ticker == null ? "" : ticker.toUpperCase(Locale.ROOT), a, normalize(a, family), family);
    }

    public static ChainFamily familyOf(String address) {
        String a = address.trim();
        if (EVM.matcher(a).matches()) {
            return ChainFamily.EVM;
        }
        if (BECH32.matcher(a).matches()) {
            return ChainFamily.BECH32;
        }
        if (BASE58.matcher(a).matches()) {
            return ChainFamily.BASE58;
        }
        return ChainFamily.OTHER;
    }

    /** The comparison key of an address. Unknown shapes keep their case (the safe choice). */
    public static String normalize(String address) {
        String a = address.trim();
        return normalize(a, familyOf(a));
    }

    private static String normalize(String a, ChainFamily family) {
        return switch (family) {
            case EVM, BECH32 -> a.toLowerCase(Locale.ROOT);
            default -> a;
        };
    }
}
