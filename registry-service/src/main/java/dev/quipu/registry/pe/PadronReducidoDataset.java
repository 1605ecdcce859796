package dev.quipu.registry.pe;

import dev.quipu.registry.taxid.TaxIds;
import jakarta.inject.Singleton;

/** SUNAT's Padrón Reducido RUC: every taxpayer's name, state, domicile condition and address; published daily. */
@Singleton
public class PadronReducidoDataset extends SunatDataset {

    public static final String ID = "pe.sunat.padron-reducido";

    public PadronReducidoDataset(TaxIds taxIds) {
        super(ID, "SUNAT — Padrón Reducido RUC", "https://www.sunat.gob.pe/descargaPRR/padron_reducido_ruc.zip",
                "padron_reducido_ruc.*\\.(txt|zip)(\\.(gz|bz2))?", new PadronReducidoReader(taxIds));
    }
}
