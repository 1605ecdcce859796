package dev.quipu.registry.cl;

import java.util.Map;

/** The register's company codes and region numbers as words. */
final class ChileForms {

    private static final Map<String, String> FORMS = Map.of(
            "SRL", "Sociedad de Responsabilidad Limitada",
            "EIRL", "Empresa Individual de Responsabilidad Limitada",
            "SPA", "Sociedad por Acciones",
            "SA", "Sociedad Anónima",
            "SAC", "Sociedad Anónima Cerrada",
            "SCS", "Sociedad en Comandita Simple",
            "SCA", "Sociedad en Comandita por Acciones",
            "SCC", "Sociedad Colectiva Comercial");
    /** Chile's regions by their official number (Ñuble, 16, since 2018). */
    private static final Map<String, String> REGIONS = Map.ofEntries(
            Map.entry("1", "Región de Tarapacá"), Map.entry("2", "Región de Antofagasta"),
            Map.entry("3", "Región de Atacama"), Map.entry("4", "Región de Coquimbo"),
            Map.entry("5", "Región de Valparaíso"), Map.entry("6", "Región del Libertador General Bernardo O'Higgins"),
            Map.entry("7", "Región del Maule"), Map.entry("8", "Región del Biobío"),
            Map.entry("9", "Región de La Araucanía"), Map.entry("10", "Región de Los Lagos"),
            Map.entry("11", "Región de Aysén del General Carlos Ibáñez del Campo"),
            Map.entry("12", "Región de Magallanes y de la Antártica Chilena"),
            Map.entry("13", "Región Metropolitana de Santiago"), Map.entry("14", "Región de Los Ríos"),
            Map.entry("15", "Región de Arica y Parinacota"), Map.entry("16", "Región de Ñuble"));

    private ChileForms() {
    }

    /** The legal form a company code stands for; an unknown code as written. */
    static String of(String code) {
        if (code == null) {
            return null;
        }
        return FORMS.getOrDefault(code.strip().toUpperCase(java.util.Locale.ROOT), code.strip());
    }

    /** A region number as its name; a name (SII writes them out) as written. */
    static String region(String region) {
        if (region == null) {
            return null;
        }
        String r = region.strip().replaceFirst("^0+(?=\\d)", "");
        return REGIONS.getOrDefault(r, region.strip());
    }
}
