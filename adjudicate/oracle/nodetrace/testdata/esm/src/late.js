export const later = async (ok) => { if (!ok) throw new Error('late'); return 7; };
