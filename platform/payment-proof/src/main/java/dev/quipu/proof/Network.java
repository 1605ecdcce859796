package dev.quipu.proof;

import java.util.List;
import java.util.Optional;

/**
 * Networks and their USDC deployment: what payment-service advertises and what every proof checker
 * holds a payment to (one table, so that they cannot drift apart). The EIP-712 domain name differs
 * per network ("USD Coin" on Base mainnet, "USDC" on Base Sepolia): the most common cause of wrong
 * signer recovery.
 *
 * @param caip2        CAIP-2 id used by x402 v2
 * @param v1Name       the network name x402 v1 uses
 * @param chainId      EVM chain id, or 0 for non-EVM networks
 * @param usdc         the USDC contract (EVM) or mint (Solana)
 * @param tokenName    EIP-712 domain name of the USDC contract (EVM only)
 * @param tokenVersion EIP-712 domain version of the USDC contract (EVM only)
 */
public record Network(String caip2, String v1Name, long chainId, String usdc, String tokenName, String tokenVersion) {

    public static final Network BASE = new Network("eip155:8453", "base", 8453,
            "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", "USD Coin", "2");
    public static final Network BASE_SEPOLIA = new Network("eip155:84532", "base-sepolia", 84532,
            "0x036CbD53842c5426634e7929541eC2318f3dCF7e", "USDC", "2");
    public static final Network SOLANA = new Network("solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp", "solana", 0,
            "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v", null, null);
    public static final Network SOLANA_DEVNET = new Network("solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1", "solana-devnet", 0,
            "4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU", null, null);

    public static final List<Network> KNOWN = List.of(BASE, BASE_SEPOLIA, SOLANA, SOLANA_DEVNET);

    public boolean evm() {
        return caip2.startsWith("eip155:");
    }

    public static Optional<Network> byCaip2(String id) {
        return KNOWN.stream().filter(n -> n.caip2.equals(id)).findFirst();
    }

    public static Optional<Network> byV1Name(String name) {
        return KNOWN.stream().filter(n -> n.v1Name.equals(name)).findFirst();
    }
}
