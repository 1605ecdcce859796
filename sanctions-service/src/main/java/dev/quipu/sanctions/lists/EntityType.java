package dev.quipu.sanctions.lists;

import java.util.Locale;

/** What kind of party a list entry designates. */
public enum EntityType {
    PERSON, ORGANIZATION, VESSEL, AIRCRAFT, UNKNOWN;

    public String apiName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
