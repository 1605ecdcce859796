package dev.quipu.sanctions.lists;

import dev.quipu.sanctions.wallets.WalletAddress;
import io.micronaut.core.annotation.Nullable;

import java.util.List;

/**
 * One designated party in the canonical model every parser produces.
 *
 * @param id       stable id {@code LIST:sourceId}, e.g. {@code OFAC_SDN:4107}
 * @param listedOn designation date as ISO text when the list gives one
 * @param gender   "male" / "female" when stated
 */
public record Entity(String id, ListId list, String sourceId, EntityType type, List<EntityName> names,
                     List<BirthDate> birthDates, List<CountryRef> countries, List<Identifier> identifiers,
                     List<WalletAddress> wallets, List<String> programs, @Nullable String listedOn,
                     @Nullable String gender, List<String> placesOfBirth) {

    public Entity {
        names = List.copyOf(names);
        birthDates = List.copyOf(birthDates);
        countries = List.copyOf(countries);
        identifiers = List.copyOf(identifiers);
        wallets = List.copyOf(wallets);
        programs = List.copyOf(programs);
        placesOfBirth = List.copyOf(placesOfBirth);
    }

    public EntityName primaryName() {
        return names.get(0);
    }
}
