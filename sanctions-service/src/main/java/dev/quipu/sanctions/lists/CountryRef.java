package dev.quipu.sanctions.lists;

import java.util.Locale;

/** A country tied to an entity, with the role it plays. {@code code} is ISO 3166-1 alpha-2. */
public record CountryRef(String code, Role role) {

    public enum Role {
        NATIONALITY, CITIZENSHIP, ADDRESS, BIRTH, REGISTRATION, FLAG;

        public String apiName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }
}
