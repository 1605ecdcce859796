package dev.quipu.sanctions.wallets;

import dev.quipu.sanctions.lists.ListId;

/**
 * A sanctioned address as some list version gives it: tied to an entity (index into the
 * screening index, from OFAC remarks) or only to a ticker list (entity = -1, e.g. the per-ticker
 * address lists extracted from OFAC's advanced XML).
 */
public record WalletListing(WalletAddress address, ListId list, int entity, String source) {
}
