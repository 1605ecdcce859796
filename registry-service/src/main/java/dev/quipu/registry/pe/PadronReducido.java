package dev.quipu.registry.pe;

import dev.quipu.registry.company.Address;
import dev.quipu.registry.company.CompanyStatus;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** How a row of the Padrón Reducido RUC reads: its state normalised, its address parts joined. */
final class PadronReducido {

    private PadronReducido() {
    }

    /**
     * SUNAT's ESTADO DEL CONTRIBUYENTE. Only BAJA DEFINITIVA is the taxpayer's own closure; a baja de oficio
     * or provisional can be reversed, and an annulled RUC never was valid: inactive, with SUNAT's wording kept.
     */
    static CompanyStatus status(String estado) {
        if (estado == null) {
            return CompanyStatus.unknown();
        }
        String e = estado.strip().toUpperCase(Locale.ROOT);
        String normalised;
        if (e.equals("ACTIVO")) {
            normalised = CompanyStatus.ACTIVE;
        } else if (e.startsWith("SUSPENSION") || e.startsWith("SUSPENSIÓN")) {
            normalised = CompanyStatus.SUSPENDED;
        } else if (e.equals("BAJA DEFINITIVA")) {
            normalised = CompanyStatus.DISSOLVED;
        } else if (e.startsWith("BAJA") || e.startsWith("ANUL") || e.startsWith("INHABILITADO")) {
            normalised = CompanyStatus.INACTIVE;
        } else {
            normalised = CompanyStatus.UNKNOWN;
        }
        return new CompanyStatus(estado.strip(), normalised, null);
    }

    /** The address from the vía, number, interior… and zone parts, with the ubigeo's names; null if nothing is given. */
    static Address address(Map<String, String> f, Ubigeos ubigeos) {
        List<String> parts = new ArrayList<>();
        add(parts, "", join(f.get("TIPO DE VÍA"), f.get("NOMBRE DE VÍA")));
        add(parts, "NRO. ", f.get("NÚMERO"));
        add(parts, "KM. ", f.get("KILÓMETRO"));
        add(parts, "MZA. ", f.get("MANZANA"));
        add(parts, "LOTE ", f.get("LOTE"));
        add(parts, "DPTO. ", f.get("DEPARTAMENTO"));
        add(parts, "INT. ", f.get("INTERIOR"));
        add(parts, "", join(f.get("TIPO DE ZONA"), f.get("CÓDIGO DE ZONA")));
        String street = parts.isEmpty() ? null : String.join(" ", parts);
        var place = ubigeos.of(f.get(PadronReducidoReader.UBIGEO));
        if (street == null && place.isEmpty()) {
            return null;
        }
        return new Address(street, place.map(Ubigeos.Place::distrito).orElse(null),
                place.map(Ubigeos.Place::provincia).orElse(null), place.map(Ubigeos.Place::departamento).orElse(null),
                null, "PE");
    }

    private static String join(String a, String b) {
        if (a == null) {
            return b;
        }
        return b == null ? a : a + " " + b;
    }

    private static void add(List<String> parts, String prefix, String value) {
        if (value != null && !value.isBlank()) {
            parts.add(prefix + value.strip());
        }
    }
}
