package dev.quipu.registry.co;

import dev.quipu.registry.company.CompanyStatus;

import java.text.Normalizer;
import java.time.LocalDate;
import java.util.Locale;

/**
 * A matrícula's {@code estado_matricula} (and its code, Confecámaras' table 01…16) read as a company status.
 * The wording is kept as published; the reading:
 * <ul>
 * <li>{@code ACTIVA} (01) → active;</li>
 * <li>{@code INACTIVA}, {@code MATRICULA INACTIVA POR PERDIDA DE CALIDAD DE COMERCIANTE} (02, 16) → inactive;</li>
 * <li>{@code CANCELADA}, {@code MATRICULA CANCELADA POR FUSION}, {@code MATRICULA CANCELADA LEY 1429} (03, 10, 15)
 *     → dissolved for a legal person (a company's matrícula is cancelled once it is liquidated or absorbed; Ley
 *     1429 de 2010 art. 50 dissolves companies that did not renew for five years), inactive for a natural
 *     person (a merchant who stopped trading is not dissolved);</li>
 * <li>{@code MATRICULA CANCELADA POR TRASLADO DE DOMICILIO} / {@code … POR RECONSTITUCION} (09, 13) → unknown: the
 *     company lives on under another chamber's matrícula;</li>
 * <li>anything else ({@code SIN ESTADO}, {@code NO ASIGNADO}, {@code NO MATRICULADO}, {@code NO COMPETENCIA DE LA
 *     CAMARA}, {@code MATRICULA NUEVA CONSTITUCION POR TRASLADO}) → unknown.</li>
 * </ul>
 */
final class RuesStatus {

    private RuesStatus() {
    }

    static CompanyStatus of(String wording, String code, boolean naturalPerson, LocalDate cancelled) {
        String w = plain(wording);
        String c = code == null ? "" : code.strip();
        if (w.isEmpty() && c.isEmpty()) {
            return CompanyStatus.unknown();
        }
        String published = wording == null || wording.isBlank() ? null : wording.strip();
        if (w.equals("ACTIVA") || (w.isEmpty() && c.equals("01"))) {
            return new CompanyStatus(published, CompanyStatus.ACTIVE, null);
        }
        if (w.contains("INACTIVA") || (w.isEmpty() && (c.equals("02") || c.equals("16")))) {
            return new CompanyStatus(published, CompanyStatus.INACTIVE, null);
        }
        boolean cancelledWording = w.contains("CANCELADA") && !w.contains("TRASLADO") && !w.contains("RECONSTITUCION");
        boolean cancelledCode = w.isEmpty() && (c.equals("03") || c.equals("10") || c.equals("15"));
        if (cancelledWording || cancelledCode) {
            return new CompanyStatus(published, naturalPerson ? CompanyStatus.INACTIVE : CompanyStatus.DISSOLVED, cancelled);
        }
        return new CompanyStatus(published, CompanyStatus.UNKNOWN, null);
    }

    /** Upper case without accents, single spaces: {@code Matrícula cancelada por fusión} → {@code MATRICULA CANCELADA POR FUSION}. */
    static String plain(String s) {
        if (s == null) {
            return "";
        }
        return Normalizer.normalize(s, Normalizer.Form.NFD).replaceAll("\\p{M}+", "").toUpperCase(Locale.ROOT)
                .replaceAll("\\s+", " ").strip();
    }
}
