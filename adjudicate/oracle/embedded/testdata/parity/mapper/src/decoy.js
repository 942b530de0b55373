// Reached only if the mapper's keys were tried out of source order.
exports.kind = 'decoy';
exports.area = () => -1;
