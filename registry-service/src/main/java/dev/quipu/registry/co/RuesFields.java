package dev.quipu.registry.co;

import java.text.Normalizer;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The columns of the RUES open dataset (datos.gov.co {@code c82u-588k}, Confecámaras) under their API field
 * names, the only ones this service asks for or keeps: what describes the matrícula and the company. The
 * dataset also holds natural persons' identifiers and name parts (the merchant's cédula in
 * {@code numero_identificacion}, the legal representative's in {@code num_identificacion_representante_legal});
 * those are never selected, and the bulk reader drops them.
 */
final class RuesFields {

    static final String CHAMBER_CODE = "codigo_camara";
    static final String CHAMBER = "camara_comercio";
    static final String MATRICULA = "matricula";
    static final String NAME = "razon_social";
    static final String ACRONYM = "sigla";
    static final String ID_CLASS = "clase_identificacion";
    static final String NIT = "nit";
    static final String CHECK_DIGIT = "digito_verificacion";
    static final String CIIU_PRIMARY = "cod_ciiu_act_econ_pri";
    static final String CIIU_SECONDARY = "cod_ciiu_act_econ_sec";
    static final String CIIU_3 = "ciiu3";
    static final String CIIU_4 = "ciiu4";
    static final String REGISTERED = "fecha_matricula";
    static final String RENEWED = "fecha_renovacion";
    static final String RENEWED_THROUGH = "ultimo_ano_renovado";
    static final String VALID_UNTIL = "fecha_vigencia";
    static final String CANCELLED = "fecha_cancelacion";
    static final String COMPANY_TYPE = "tipo_sociedad";
    static final String LEGAL_ORGANISATION = "organizacion_juridica";
    static final String CATEGORY = "categoria_matricula";
    static final String STATUS_CODE = "codigo_estado_matricula";
    static final String STATUS = "estado_matricula";
    static final String REPRESENTATIVE = "representante_legal";
    static final String UPDATED = "fecha_actualizacion";

    /** What {@code $select} asks for and the bulk reader keeps, in the dataset's column order. */
    static final List<String> COMPANY = List.of(CHAMBER_CODE, CHAMBER, MATRICULA, NAME, ACRONYM,
            "codigo_clase_identificacion", ID_CLASS, NIT, CHECK_DIGIT, CIIU_PRIMARY, CIIU_SECONDARY, CIIU_3, CIIU_4,
            REGISTERED, RENEWED, RENEWED_THROUGH, VALID_UNTIL, CANCELLED, "codigo_tipo_sociedad", COMPANY_TYPE,
            "codigo_organizacion_juridica", LEGAL_ORGANISATION, "codigo_categoria_matricula", CATEGORY, STATUS_CODE,
            STATUS, REPRESENTATIVE, UPDATED);

    /** Natural persons' identifiers and name parts: never asked for, never kept. */
    static final Set<String> PERSONAL = Set.of("numero_identificacion", "primer_nombre", "segundo_nombre",
            "primer_apellido", "segundo_apellido", "clase_identificacion_rl", "num_identificacion_representante_legal");

    /** Display names (as a CSV export may head its columns) whose normal form is not the field name. */
    private static final Map<String, String> ALIASES = Map.ofEntries(
            Map.entry("camara", CHAMBER),
            Map.entry("codigo_camara_comercio", CHAMBER_CODE),
            Map.entry("numero_matricula", MATRICULA),
            Map.entry("dv", CHECK_DIGIT),
            Map.entry("digito_verificacion_nit", CHECK_DIGIT),
            Map.entry("ciiu_actividad_economica_principal", CIIU_PRIMARY),
            Map.entry("codigo_ciiu_actividad_economica_principal", CIIU_PRIMARY),
            Map.entry("ciiu_actividad_economica_secundaria", CIIU_SECONDARY),
            Map.entry("codigo_ciiu_actividad_economica_secundaria", CIIU_SECONDARY),
            Map.entry("ultimo_anio_renovado", RENEWED_THROUGH),
            Map.entry("estado", STATUS));

    private static final Set<String> KNOWN = known();

    private RuesFields() {
    }

    /**
     * The field a column heading stands for: the API's name as is ({@code razon_social}) or a display name
     * ({@code Razón Social}, {@code CÁMARA DE COMERCIO}, {@code Último Año Renovado}): accents dropped, lower
     * case, words joined by {@code _}, the articles {@code de/del/la/el} left out; empty for other columns.
     */
    static Optional<String> field(String heading) {
        if (heading == null) {
            return Optional.empty();
        }
        String n = Normalizer.normalize(heading.strip(), Normalizer.Form.NFD).replaceAll("\\p{M}+", "")
                .toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "_").replaceAll("^_+|_+$", "");
        if (KNOWN.contains(n)) {
            return Optional.of(n);
        }
        String withoutArticles = ("_" + n + "_").replaceAll("_(de|del|la|el)(?=_)", "").replaceAll("^_+|_+$", "");
        if (KNOWN.contains(withoutArticles)) {
            return Optional.of(withoutArticles);
        }
        return Optional.ofNullable(ALIASES.getOrDefault(n, ALIASES.get(withoutArticles)));
    }

    private static Set<String> known() {
        Set<String> all = new HashSet<>(COMPANY);
        all.addAll(PERSONAL);
        return Set.copyOf(all);
    }

    static boolean company(String field) {
        return COMPANY.contains(field);
    }
}
